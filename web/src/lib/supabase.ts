import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from '@/lib/database.types';

export type Client = SupabaseClient<Database>;

let client: Client | undefined;

/**
 * The one supabase-js client of the app, built on first use from the run-time
 * configuration (anon key only; every call runs under the signed-in user's rights).
 * Session detection in the URL is off: /oauth-callback and /reset-password exchange
 * their `code` explicitly, so errors can be shown with the specification's texts.
 */
export function supabase(): Client {
  if (!client) {
    const { url, anonKey } = env();
    client = createClient<Database>(url, anonKey, {
      auth: { flowType: 'pkce', detectSessionInUrl: false, persistSession: true, autoRefreshToken: true },
    });
  }
  return client;
}
