// Who calls: GoTrue's requireAuthentication (a user's access token whose user
// and session still exist) and requireAdminCredentials (a service_role token).
import type { Context } from 'hono';
import type { StackContext } from '../context.ts';
import { verifyJwt, JwtError, type Claims } from '../jwt.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { UUID_RE } from './request.ts';

export const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

function bearer(c: Context): string {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  if (!m) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return m[1];
}

async function claimsOf(c: Context, ctx: StackContext): Promise<Claims> {
  const token = bearer(c);
  try {
    return await verifyJwt(token, ctx.keys.jwtSecret);
  } catch (e) {
    // GoTrue passes golang-jwt's own wording through.
    const why =
      e instanceof JwtError && e.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : /signature/i.test((e as Error).message)
          ? 'token signature is invalid: signature is invalid'
          : 'token is malformed: could not JSON decode header';
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
}

export interface Caller {
  claims: Claims;
  userId: string;
  sessionId: string | null;
}

export async function requireUser(c: Context, ctx: StackContext): Promise<Caller> {
  const claims = await claimsOf(c, ctx);
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID_RE.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await ctx.db.query<{ banned: boolean }>(`select coalesce(banned_until > now(), false) as banned from auth.users where id = $1`, [sub]);
  if (!user.rows[0]) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  if (user.rows[0].banned) throw forbidden('user_banned', 'User is banned');
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID_RE.test(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const s = await ctx.db.query(`select 1 from auth.sessions where id = $1`, [sid]);
    if (!s.rows[0]) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { claims, userId: sub, sessionId: sid || null };
}

export async function requireAdmin(c: Context, ctx: StackContext): Promise<Claims> {
  const claims = await claimsOf(c, ctx);
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
