import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Alert } from '@/components/ui/states';
import { ForgotPasswordSchema, requestPasswordReset } from '../api/reset-password';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      return;
    }
    setFieldError(null);
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Password reset failed');
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <div className="space-y-4">
        <Alert kind="success" message={`If an account exists for ${sentTo}, we have sent a link to reset its password. Check your inbox.`} />
        <Link href={paths.login.getHref()} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-gray-500 dark:text-gray-400">Enter the e-mail address of your account and we will send you a link to set a new password.</p>
      {error && <Alert kind="error" message={error} />}
      <Input label="Email" type="email" name="email" autoComplete="email" required value={email} error={fieldError} onChange={(e) => setEmail(e.target.value)} />
      <Button type="submit" className="w-full" busy={busy} busyText="Sending...">
        Send reset link
      </Button>
      <Link href={paths.login.getHref()} className="block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
        Back to sign in
      </Link>
    </form>
  );
}
