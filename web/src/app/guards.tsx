import { useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { supabase } from '@/lib/supabase';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { PageSpinner } from '@/components/ui/spinner';

/** Login-required: spinner while the session is checked, then /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, establish } = useAuth();
  const [location] = useLocation();
  // Before every navigation the login status is re-checked (a local read of the
  // stored session; signed out in another tab means back to /login).
  useEffect(() => {
    if (status !== 'signedIn') return;
    let live = true;
    supabase()
      .auth.getSession()
      .then(({ data }) => {
        if (live && !data.session) void establish(null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [location, status, establish]);
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
