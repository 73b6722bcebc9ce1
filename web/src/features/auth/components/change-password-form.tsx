import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/states';
import { canSubmitNewPassword, updatePassword, WeakPasswordError } from '../api/reset-password';
import { NewPasswordFields } from './new-password-fields';

/** Changes the signed-in user's password (current session). */
export function ChangePasswordForm() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; message: string; reasons?: string[] } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmitNewPassword(password, confirm)) return;
    setBusy(true);
    setBanner(null);
    try {
      await updatePassword(password);
      setBanner({ kind: 'success', message: 'Your password has been changed.' });
      setPassword('');
      setConfirm('');
    } catch (err) {
      setBanner({ kind: 'error', message: err instanceof Error ? err.message : 'Failed to update password', reasons: err instanceof WeakPasswordError ? err.reasons : [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      {banner && <Alert kind={banner.kind} message={banner.message} />}
      {banner?.reasons && banner.reasons.length > 0 && (
        <ul className="list-disc pl-6 text-sm text-red-700 dark:text-red-400">{banner.reasons.map((r) => <li key={r}>{r}</li>)}</ul>
      )}
      <NewPasswordFields password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} />
      <Button type="submit" disabled={!canSubmitNewPassword(password, confirm)} busy={busy} busyText="Updating Password...">
        Change password
      </Button>
    </form>
  );
}
