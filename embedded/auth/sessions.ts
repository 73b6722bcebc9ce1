// Sessions, refresh tokens and access tokens, as GoTrue issues them: one
// auth.sessions row per sign-in, a chain of refresh tokens per session
// (each use revokes the token and issues its child), HS256 access tokens.
import { randomBytes, randomUUID } from 'node:crypto';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/adapter.ts';
import { signJwt } from '../jwt.ts';
import { badRequest } from './errors.ts';
import type { AuthSettings } from './settings.ts';
import { userJson, type UserJson } from './user-json.ts';

export type AuthMethod = 'password' | 'otp' | 'recovery' | 'invite' | 'oauth' | 'magiclink';

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

/** 12 URL-safe characters, like GoTrue's v1 refresh tokens. */
const newRefreshToken = () => randomBytes(9).toString('base64url');

async function accessToken(ctx: StackContext, user: UserJson, sessionId: string, method: string, authTime: number) {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ctx.config.jwtExpirySeconds;
  const token = await signJwt(
    {
      iss: `${ctx.apiUrl}/auth/v1`,
      sub: user.id,
      aud: (user.aud as string) || 'authenticated',
      exp,
      iat,
      email: user.email,
      phone: user.phone,
      app_metadata: user.app_metadata,
      user_metadata: user.user_metadata,
      role: (user.role as string) || 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: authTime }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.keys.jwtSecret,
  );
  return { token, exp, iat };
}

async function respond(ctx: StackContext, tx: Queryable, userId: string, sessionId: string, refresh: string, method: string, authTime: number): Promise<TokenResponse> {
  const user = (await userJson(tx, userId))!;
  const { token, exp, iat } = await accessToken(ctx, user, sessionId, method, authTime);
  return { access_token: token, token_type: 'bearer', expires_in: exp - iat, expires_at: exp, refresh_token: refresh, user };
}

/** Signs the user in: a new session, its first refresh token, last_sign_in_at. */
export function issueSession(ctx: StackContext, userId: string, method: AuthMethod, provider = 'email'): Promise<TokenResponse> {
  return ctx.db.transaction(async (tx) => {
    const sessionId = randomUUID();
    const refresh = newRefreshToken();
    await tx.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
    await tx.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2`, [userId, provider]);
    await tx.query(`insert into auth.sessions (id, user_id, aal, refreshed_at) values ($1, $2, 'aal1', now() at time zone 'UTC')`, [sessionId, userId]);
    await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [refresh, userId, sessionId]);
    rememberMethod(sessionId, method);
    return respond(ctx, tx, userId, sessionId, refresh, method, Math.floor(Date.now() / 1000));
  });
}

// The table has no column for the sign-in method (GoTrue keeps it in
// auth.mfa_amr_claims); a process-local map is enough for the amr claim.
const methods = new Map<string, string>();
function rememberMethod(sessionId: string, method: string) {
  methods.set(sessionId, method);
  if (methods.size > 50_000) methods.delete(methods.keys().next().value!);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  parent: string | null;
  age: number;
  auth_time: number | null;
  banned: boolean | null;
}

/**
 * grant_type=refresh_token. A revoked token is accepted again only when it is
 * the parent of the session's active token (the client lost the answer: it
 * gets the same child back) or within the reuse interval; otherwise the whole
 * session is revoked and GoTrue's 'Already Used' error returned.
 */
export async function refreshSession(ctx: StackContext, settings: AuthSettings, token: string): Promise<TokenResponse> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<TokenRow>(
      `select r.id::text, r.token, r.user_id, r.revoked, r.session_id::text, r.parent,
              extract(epoch from now() - r.updated_at)::float8 as age,
              extract(epoch from s.created_at)::float8 as auth_time,
              u.banned_until > now() as banned
         from auth.refresh_tokens r
         left join auth.sessions s on s.id = r.session_id
         left join auth.users u on u.id::text = r.user_id
        where r.token = $1 for update of r`,
      [token],
    );
    const row = rows[0];
    if (!row) throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (row.banned) throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
    if (!row.session_id || row.auth_time === null) throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
    await tx.query(`select id from auth.sessions where id = $1 for update`, [row.session_id]);
    let issued: string | undefined;
    if (row.revoked) {
      const active = await tx.query<{ token: string; parent: string | null }>(
        `select token, parent from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      if (active.rows[0]?.parent === row.token) issued = active.rows[0].token;
      else if (row.age > settings.refreshReuseSeconds) {
        // Possible theft: end the session so neither party keeps it.
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1`, [row.session_id]);
        return { error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
      await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [issued, row.user_id, row.session_id, row.token]);
    }
    await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'UTC', updated_at = now() where id = $1`, [row.session_id]);
    const method = methods.get(row.session_id) ?? 'password';
    return { response: await respond(ctx, tx, row.user_id, row.session_id, issued, method, Math.floor(row.auth_time)) };
  });
  // The revocation above must be committed, so the error is thrown only now.
  if ('error' in outcome) throw outcome.error;
  return outcome.response!;
}
