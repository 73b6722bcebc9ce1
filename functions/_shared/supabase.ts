// supabase-js clients: the service-role client for privileged work, and a
// client per request carrying the caller's Authorization header, so RLS
// decides what the caller may do.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { platformEnv, readEnv } from './env.ts';
import { HttpError } from './http.ts';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export function serviceClient(): SupabaseClient {
  const env = platformEnv();
  return createClient(env.url, env.serviceRoleKey, options);
}

export function bearer(req: Request): string | null {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '');
  return m ? m[1].trim() : null;
}

export function userClient(req: Request): SupabaseClient {
  const env = platformEnv();
  const auth = req.headers.get('authorization');
  if (!auth) throw new HttpError(401, 'unauthorized', 'Missing authorization header');
  return createClient(env.url, env.anonKey, { ...options, global: { headers: { Authorization: auth } } });
}

/** Constant-time string comparison. */
export function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

/** The service-role key (or WORKER_SECRET) as bearer token or x-worker-secret header. */
export function isServiceCaller(req: Request): boolean {
  const candidates = [bearer(req), req.headers.get('x-worker-secret')].filter((v): v is string => !!v);
  const secrets = [platformEnv().serviceRoleKey, readEnv('WORKER_SECRET')].filter((v): v is string => !!v);
  return candidates.some((c) => secrets.some((s) => sameSecret(c, s)));
}

export interface Caller {
  uuid: string;
  profileId: number;
  role: 'admin' | 'staff';
}

/** The signed-in caller's staff profile (401 without a valid session, 403 without a profile). */
export async function staffCaller(req: Request): Promise<Caller> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, 'unauthorized', 'Missing authorization header');
  const client = userClient(req);
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) throw new HttpError(401, 'unauthorized', 'Invalid or expired session');
  const { data: row, error: rowError } = await serviceClient()
    .from('users')
    .select('id, role')
    .eq('uuid', data.user.id)
    .maybeSingle();
  if (rowError) throw new Error(`profile lookup failed: ${rowError.message}`);
  if (!row) throw new HttpError(403, 'not_staff', 'Only staff can do this');
  return { uuid: data.user.id, profileId: row.id as number, role: row.role as 'admin' | 'staff' };
}

/** Staff (signed in) or a trusted server caller (service-role key / worker secret). */
export async function staffOrService(req: Request): Promise<Caller | 'service'> {
  if (isServiceCaller(req)) return 'service';
  return staffCaller(req);
}
