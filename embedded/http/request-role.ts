// Who is calling: the verified JWT from `Authorization: Bearer …` (or, without
// one, the `apikey`), exactly as PostgREST and Storage decide the role.
import type { Claims } from '../jwt.ts';
import { verifyJwt } from '../jwt.ts';
import type { Queryable, Db } from '../db/adapter.ts';

/** Roles a JWT may switch to; anything else is refused rather than tried. */
export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function bearerToken(headers: Headers): string | undefined {
  const auth = headers.get('authorization');
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null;
  return m?.[1] ?? headers.get('apikey') ?? undefined;
}

/** Claims of the caller; `{ role: 'anon' }` when no token was sent. Throws JwtError. */
export async function callerClaims(headers: Headers, jwtSecret: string, urlApiKey?: string | null): Promise<Claims> {
  const token = bearerToken(headers) ?? urlApiKey ?? undefined;
  if (!token) return { role: 'anon' };
  const claims = await verifyJwt(token, jwtSecret);
  return { ...claims, role: typeof claims.role === 'string' ? claims.role : 'anon' };
}

/**
 * Per-role statement timeouts, as a Supabase project sets them (PostgREST
 * applies role settings per request). PGlite cannot interrupt a running
 * statement, so there they are set but have no effect.
 */
export const ROLE_STATEMENT_TIMEOUT: Record<string, string> = { anon: '3s', authenticated: '8s' };

/**
 * Runs fn in one transaction as the caller: `role` and `request.jwt.claims`
 * set locally, so row-level security decides what the statements may touch.
 */
export function asCaller<T>(db: Db, claims: Claims, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const role = claims.role ?? 'anon';
  // Each service refuses other roles in its own error shape first; this is the backstop.
  if (!API_ROLES.has(role)) throw new Error(`refusing to act as role "${role}"`);
  return db.transaction(async (tx) => {
    const timeout = ROLE_STATEMENT_TIMEOUT[role];
    const settings: Record<string, string> = { role, 'request.jwt.claims': JSON.stringify(claims) };
    if (timeout) settings.statement_timeout = timeout;
    const names = Object.keys(settings);
    const values = Object.values(settings);
    const sets = names.map((_, i) => `set_config($${i + 1}, $${i + 1 + names.length}, true)`).join(', ');
    await tx.query(`select ${sets}`, [...names, ...values]);
    return fn(tx);
  });
}
