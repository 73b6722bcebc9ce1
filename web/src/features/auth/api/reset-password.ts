import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, 'Email field is required').pipe(z.email('Please enter a valid email address')),
});

/** Sends the recovery e-mail; the link comes back to /reset-password with a code. */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await supabase().auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/reset-password`,
  });
  if (error) throw new Error(error.message || 'Password reset failed');
}

export const MIN_PASSWORD = 6;

/** New-password rules, in the specification's words. Returns every message that applies. */
export function newPasswordProblems(password: string, confirm: string): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD) problems.push('Password must be at least 6 characters');
  if (confirm && password !== confirm) problems.push('Passwords do not match');
  return problems;
}

export function canSubmitNewPassword(password: string, confirm: string): boolean {
  return password.length >= MIN_PASSWORD && password === confirm;
}

/** The reset screen's message for error / error_code / error_description. */
export function resetErrorMessage(params: { error?: string | null; error_code?: string | null; error_description?: string | null }): string {
  if (params.error_code === 'otp_expired') return 'The password reset link has expired. Please request a new one.';
  if (params.error === 'access_denied' || params.error_code === 'access_denied') return 'Access denied. The reset link may be invalid';
  return params.error_description?.trim() ? params.error_description : 'Password reset failed';
}

/** Verifies the link's code (PKCE) or token hash; starts a recovery session. */
export async function verifyResetCode(params: { code?: string | null; tokenHash?: string | null }): Promise<void> {
  if (params.tokenHash) {
    const { error } = await supabase().auth.verifyOtp({ token_hash: params.tokenHash, type: 'recovery' });
    if (error) throw new Error('Failed to verify reset code');
    return;
  }
  if (!params.code) throw new Error('No reset code provided');
  const { error } = await supabase().auth.exchangeCodeForSession(params.code);
  if (error) throw new Error('Failed to verify reset code');
}

export class WeakPasswordError extends Error {
  constructor(message: string, public readonly reasons: string[]) {
    super(message);
    this.name = 'WeakPasswordError';
  }
}

const REASON_TEXT: Record<string, string> = {
  length: 'The password is too short.',
  characters: 'The password needs more kinds of characters (lower case, upper case, digits, symbols).',
  pwned: 'The password is known from a data breach; choose another one.',
};

/** Sets the signed-in (or recovering) user's password; weak_password reasons are kept. */
export async function updatePassword(password: string, fallback = 'Failed to update password'): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password });
  if (!error) return;
  if (error.code === 'weak_password') {
    const reasons = ((error as { reasons?: string[] }).reasons ?? []).map((r) => REASON_TEXT[r] ?? r);
    throw new WeakPasswordError(error.message || fallback, reasons);
  }
  throw new Error(error.message || fallback);
}
