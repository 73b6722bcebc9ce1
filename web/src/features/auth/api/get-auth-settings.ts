import useSWR from 'swr';
import * as z from 'zod/mini';
import { env } from '@/config/env';

export const AuthSettingsSchema = z.object({
  external: z._default(z.record(z.string(), z.boolean()), {}),
  disable_signup: z.optional(z.boolean()),
});
export type AuthSettings = z.infer<typeof AuthSettingsSchema>;

export const authSettingsKey = ['auth', 'settings'] as const;

/** GET {url}/auth/v1/settings: which sign-in providers the auth server has enabled. */
export async function getAuthSettings(): Promise<AuthSettings> {
  const { url, anonKey } = env();
  const res = await fetch(`${url.replace(/\/$/, '')}/auth/v1/settings`, { headers: { apikey: anonKey } });
  if (!res.ok) throw new Error(`Auth settings answered ${res.status}`);
  return AuthSettingsSchema.parse(await res.json());
}

export function useAuthSettings() {
  return useSWR(authSettingsKey, getAuthSettings, { revalidateOnFocus: false });
}
