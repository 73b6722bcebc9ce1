import type { ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { ErrorState } from '@/components/ui/states';

/** Mirrors the server's rule in the UI: only admins manage users. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <ErrorState message="Only admins can manage users. Ask an admin if you need a change." />;
  return <>{children}</>;
}
