import * as z from 'zod/mini';
import { supabase } from '@/lib/supabase';

export const LoginInputSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Please enter both email and password')),
  password: z.string().check(z.minLength(1, 'Please enter both email and password')),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** Maps a sign-in error to the specification's text. */
export function loginErrorMessage(error: { code?: string; message?: string } | null | undefined): string {
  if (!error) return 'Login failed';
  if (error.code === 'invalid_credentials' || error.message === 'Invalid login credentials') return 'Incorrect email or password';
  if (error.code === 'email_not_confirmed' || /email not confirmed/i.test(error.message ?? '')) {
    return 'Please confirm your email before logging in';
  }
  return error.message?.trim() ? error.message : 'Login failed';
}

/** Password sign-in; returns the session or throws an Error carrying the spec's message. */
export async function signInWithPassword(input: LoginInput) {
  const { data, error } = await supabase().auth.signInWithPassword({ email: input.email.trim(), password: input.password });
  if (error || !data.session) throw new Error(loginErrorMessage(error));
  return data.session;
}

export type OAuthProvider = 'google' | 'apple';
export const PROVIDER_LABEL: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

/** Starts an outside-provider sign-in; the browser leaves for the provider. */
export async function signInWithProvider(provider: OAuthProvider): Promise<void> {
  const label = PROVIDER_LABEL[provider];
  let result;
  try {
    result = await supabase().auth.signInWithOAuth({
      provider,
      options: { redirectTo: `${window.location.origin}/oauth-callback` },
    });
  } catch {
    throw new Error(`An unexpected error occurred during ${label} login`);
  }
  if (result.error) throw new Error(result.error.message || `${label} login failed`);
}
