import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { canSubmitNewPassword, resetErrorMessage, updatePassword, verifyResetCode, WeakPasswordError } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

// One verification per code, even when React runs effects twice.
const verifications = new Map<string, Promise<void>>();

type Phase = { kind: 'verifying' } | { kind: 'error'; message: string } | { kind: 'form' } | { kind: 'done' };

function readParams(search: string) {
  const q = new URLSearchParams(search);
  const h = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const get = (k: string) => q.get(k) ?? h.get(k);
  return {
    error: get('error'),
    error_code: get('error_code'),
    error_description: get('error_description'),
    code: q.get('code'),
    tokenHash: q.get('token_hash'),
  };
}

export function ResetPasswordForm() {
  const search = useSearch();
  const [phase, setPhase] = useState<Phase>({ kind: 'verifying' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);

  useEffect(() => {
    const p = readParams(search);
    if (p.error || p.error_code || p.error_description) {
      setPhase({ kind: 'error', message: resetErrorMessage(p) });
      return;
    }
    const key = p.tokenHash ?? p.code ?? '';
    if (!key) {
      setPhase({ kind: 'error', message: 'No reset code provided' });
      return;
    }
    let current = verifications.get(key);
    if (!current) {
      current = verifyResetCode({ code: p.code, tokenHash: p.tokenHash });
      verifications.set(key, current);
    }
    let live = true;
    current.then(
      () => live && setPhase({ kind: 'form' }),
      (err: unknown) => live && setPhase({ kind: 'error', message: err instanceof Error ? err.message : 'Password reset verification failed' }),
    );
    return () => {
      live = false;
    };
  }, [search]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmitNewPassword(password, confirm)) return;
    setBusy(true);
    setError(null);
    setReasons([]);
    try {
      await updatePassword(password, 'Password updated failed');
      // The recovery session is only for this change: sign in again with the new password.
      await supabase().auth.signOut({ scope: 'local' }).catch(() => undefined);
      setPhase({ kind: 'done' });
    } catch (err) {
      if (err instanceof WeakPasswordError) setReasons(err.reasons);
      setError(err instanceof Error && err.message ? err.message : 'An unexpected error occurred.');
    } finally {
      setBusy(false);
    }
  }

  if (phase.kind === 'verifying') return <PageSpinner label="Verifying your reset link..." />;
  if (phase.kind === 'error') {
    return (
      <div className="space-y-4">
        <Alert kind="error" message={phase.message} />
        <Link href={paths.forgotPassword.getHref()} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Request a new reset link
        </Link>
      </div>
    );
  }
  if (phase.kind === 'done') {
    return (
      <div className="space-y-4">
        <Alert kind="success" message="Your password has been updated. You can now sign in with your new password." />
        <Link href={paths.login.getHref()} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Go to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {error && (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800 dark:bg-gray-700 dark:text-red-400">
          <p>{error}</p>
          {reasons.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
      <Button type="submit" className="w-full" disabled={!canSubmitNewPassword(password, confirm)} busy={busy} busyText="Updating Password...">
        Update Password
      </Button>
    </form>
  );
}
