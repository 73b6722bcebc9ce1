import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { supabase } from '@/lib/supabase';
import { PageSpinner } from '@/components/ui/spinner';

let running: Promise<string> | null = null;

async function finish(establish: ReturnType<typeof useAuth>['establish']): Promise<string> {
  const q = new URLSearchParams(window.location.search);
  const h = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const error = q.get('error_description') ?? h.get('error_description') ?? q.get('error') ?? h.get('error');
  if (error) return paths.login.getHref(error);
  const code = q.get('code');
  if (code) {
    const { error: exchangeError } = await supabase().auth.exchangeCodeForSession(code);
    if (exchangeError) return paths.login.getHref(exchangeError.message || 'Login failed');
  }
  const { data } = await supabase().auth.getSession();
  if (!data.session) return paths.login.getHref('Login failed');
  const outcome = await establish(data.session);
  return outcome === 'signedIn' ? paths.dashboard.getHref() : paths.login.getHref();
}

/** Finishes an outside-provider sign-in: spinner, then /dashboard or /login?error=. */
export function OAuthCallback() {
  const { establish } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    running ??= finish(establish).catch((e: unknown) => paths.login.getHref(e instanceof Error ? e.message : 'Login failed'));
    running.then((to) => {
      running = null;
      navigate(to, { replace: true });
    });
  }, [establish, navigate]);
  return <PageSpinner label="Signing you in..." />;
}
