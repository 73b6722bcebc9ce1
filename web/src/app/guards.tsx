import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { PageSpinner } from '@/components/ui/spinner';

/** Login-required: spinner while the session is checked, then /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking your session..." />;
  if (status === 'signedOut') return <Redirect to={paths.login.getHref()} replace />;
  return <>{children}</>;
}

/** Guest-only: a signed-in user goes to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner label="Checking your session..." />;
  if (status === 'signedIn') return <Redirect to={paths.dashboard.getHref()} replace />;
  return <>{children}</>;
}
