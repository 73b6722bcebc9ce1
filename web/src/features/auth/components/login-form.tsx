import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { Input, PasswordInput } from '@/components/ui/input';
import { LoginInputSchema, PROVIDER_LABEL, signInWithPassword, signInWithProvider, type OAuthProvider } from '../api/sign-in';
import { useAuthSettings } from '../api/get-auth-settings';

function decodeParam(value: string | null): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

export function LoginForm() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const auth = useAuth();
  const settings = useAuthSettings();
  const queryError = decodeParam(new URLSearchParams(search).get('error'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [providerBusy, setProviderBusy] = useState<OAuthProvider | null>(null);

  const shownError = error ?? auth.notice ?? queryError;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    auth.clearNotice();
    const parsed = LoginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const session = await signInWithPassword(parsed.data);
      const outcome = await auth.establish(session);
      if (outcome === 'signedIn') navigate(paths.dashboard.getHref(), { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function onProvider(provider: OAuthProvider) {
    auth.clearNotice();
    setError(null);
    setProviderBusy(provider);
    try {
      await signInWithProvider(provider);
    } catch (err) {
      setError(err instanceof Error ? err.message : `${PROVIDER_LABEL[provider]} login failed`);
      setProviderBusy(null);
    }
  }

  return (
    <div className="space-y-4">
      {shownError && (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-gray-700 dark:text-red-400">
          <h2 className="font-semibold">Login error!</h2>
          <p>{shownError}</p>
        </div>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {(['google', 'apple'] as const).map((provider) => {
          const off = settings.data ? settings.data.external[provider] !== true : false;
          const hintId = `${provider}-hint`;
          return (
            <div key={provider}>
              <Button
                variant="secondary"
                className="w-full"
                disabled={off || providerBusy !== null || busy}
                busy={providerBusy === provider}
                aria-describedby={off ? hintId : undefined}
                onClick={() => onProvider(provider)}
              >
                Sign in with {PROVIDER_LABEL[provider]}
              </Button>
              {off && (
                <p id={hintId} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                  {PROVIDER_LABEL[provider]} sign-in is not enabled on this server.
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex items-center gap-2 text-xs uppercase text-gray-400" aria-hidden="true">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" /> or <span className="h-px flex-1 bg-gray-200 dark:bg-gray-700" />
      </div>
      <form className="space-y-4" onSubmit={onSubmit} noValidate>
        <Input label="Email" type="email" name="email" autoComplete="email" required placeholder="name@company.com" value={email} onChange={(e) => setEmail(e.target.value)} />
        <PasswordInput label="Password" name="password" autoComplete="current-password" required placeholder="••••••••" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex justify-end">
          <Link href={paths.forgotPassword.getHref()} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
            Forgot password
          </Link>
        </div>
        <Button type="submit" className="w-full" busy={busy}>
          Sign in your account
        </Button>
      </form>
    </div>
  );
}
