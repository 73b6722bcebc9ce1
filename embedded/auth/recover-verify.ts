// POST /recover (send a password-reset mail) and GET/POST /verify (turn the
// mailed token into a session, a PKCE auth code, or GoTrue's error redirect).
import type { Context, Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { AuthError, badRequest, errorResponse, forbidden, unprocessable } from './errors.ts';
import { checkFrequency, createOneTimeToken, sendMail, tokenHash, verifyLink, type MailKind } from './mail.ts';
import { createFlowState, issueAuthCode, PKCE_PREFIX, validatePkceParams } from './pkce.ts';
import { safeRedirect } from './redirect.ts';
import { readJson, str, validateEmail } from './request.ts';
import { issueSession } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { findUserByEmail } from './user-json.ts';

const LINK_INVALID = 'Email link is invalid or has expired';

export function recoverVerifyRoutes(app: Hono, ctx: StackContext, settings: AuthSettings) {
  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const raw = str(body, 'email');
    if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(raw.trim());
    const method = validatePkceParams(str(body, 'code_challenge_method'), str(body, 'code_challenge'));
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to') || undefined, `${ctx.config.siteUrl}/reset-password`);
    const user = await findUserByEmail(ctx.db, email);
    // Never tell whether the address has an account.
    if (!user) return c.json({});
    await checkFrequency(ctx.db, user.id, 'recovery', settings.emailFrequencySeconds);
    const { otp, hashed } = await ctx.db.transaction(async (tx) => {
      if (method) await createFlowState(tx, { userId: user.id, method, challenge: str(body, 'code_challenge'), provider: 'recovery', authMethod: 'recovery' });
      return createOneTimeToken(tx, { id: user.id, email }, 'recovery', !!method);
    });
    sendMail(ctx, user.email ?? email, 'recovery', verifyLink(ctx, hashed, 'recovery', redirectTo), otp);
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c);
    const type = str(body, 'type');
    const token = str(body, 'token');
    let hash = str(body, 'token_hash');
    const email = str(body, 'email');
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if ((!token && !hash) || (token && hash)) throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
    if (token) {
      if (str(body, 'phone') && !email) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      if (!email) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on verify');
      let normalized: string;
      try {
        normalized = validateEmail(email);
      } catch {
        throw unprocessable('validation_failed', 'Invalid email format');
      }
      hash = tokenHash(normalized, token);
    } else if (email || str(body, 'phone') || str(body, 'redirect_to')) {
      throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
    }
    const { userId, method } = await consumeToken(ctx, settings, type, hash, token ? email : undefined);
    return c.json(await issueSession(ctx, userId, method));
  });

  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to') || undefined, ctx.config.siteUrl);
    if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
    if (!token) throw badRequest('validation_failed', 'Verify requires a token or a token hash');
    const pkce = token.startsWith(PKCE_PREFIX);
    try {
      const { userId, method } = await consumeToken(ctx, settings, type, token);
      if (pkce) {
        const code = await issueAuthCode(ctx.db, userId, type === 'invite' ? 'invite' : type === 'magiclink' ? 'magiclink' : 'recovery');
        const url = new URL(redirectTo);
        url.searchParams.set('code', code);
        return c.redirect(url.toString(), 303);
      }
      const session = await issueSession(ctx, userId, method);
      const q = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: session.token_type,
        type,
      });
      return c.redirect(`${redirectTo}#${q}`, 303);
    } catch (e) {
      if (!(e instanceof AuthError)) throw e;
      return errorRedirect(c, e, redirectTo, pkce);
    }
  });
}

/** GoTrue's prepErrorRedirectURL: error in the fragment, and in the query too for PKCE. */
function errorRedirect(c: Context, e: AuthError, redirectTo: string, pkce: boolean): Response {
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    return errorResponse(c, e);
  }
  const oauth: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };
  const params: [string, string][] = [];
  if (oauth[e.status]) params.push(['error', oauth[e.status]]);
  params.push(['error_code', e.code], ['error_description', e.message]);
  if (pkce) for (const [k, v] of params) url.searchParams.set(k, v);
  url.hash = new URLSearchParams([...params, ['sb', '']]).toString();
  return c.redirect(url.toString(), 303);
}

const KIND: Record<string, MailKind> = { recovery: 'recovery', magiclink: 'recovery', invite: 'invite', signup: 'invite' };

/**
 * Finds the user the token was mailed to, checks its age, and spends it
 * (one use). Recovery also confirms an unconfirmed address, as in GoTrue.
 */
async function consumeToken(ctx: StackContext, settings: AuthSettings, type: string, hash: string, email?: string) {
  const kind = type === 'email' ? undefined : KIND[type];
  if (type !== 'email' && !kind) throw badRequest('validation_failed', 'Invalid email verification type');
  const invalid = email !== undefined ? forbidden('otp_expired', 'Token has expired or is invalid') : forbidden('otp_expired', LINK_INVALID);
  const bare = hash.startsWith(PKCE_PREFIX) ? hash.slice(PKCE_PREFIX.length) : hash;
  const kinds: MailKind[] = kind ? [kind] : ['invite', 'recovery'];
  return ctx.db.transaction(async (tx) => {
    for (const k of kinds) {
      const [tokenCol, sentCol] = k === 'recovery' ? ['recovery_token', 'recovery_sent_at'] : ['confirmation_token', 'confirmation_sent_at'];
      const { rows } = await tx.query<{ id: string; expired: boolean; banned: boolean }>(
        `select id::text, coalesce(${sentCol} + make_interval(secs => $2) < now(), true) as expired, coalesce(banned_until > now(), false) as banned
           from auth.users
          where ${tokenCol} <> '' and ${tokenCol} in ($1::text, '${PKCE_PREFIX}' || $1::text)
            and ($3::text is null or lower(email) = lower($3)) and deleted_at is null
          for update`,
        [bare, settings.otpExpirySeconds, email ?? null],
      );
      const user = rows[0];
      if (!user) continue;
      if (user.banned) throw forbidden('user_banned', 'User is banned');
      if (user.expired) throw invalid;
      await tx.query(
        `update auth.users set ${tokenCol} = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
        [user.id],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [user.id, k === 'recovery' ? 'recovery_token' : 'confirmation_token']);
      return { userId: user.id, method: 'otp' as const };
    }
    throw invalid;
  });
}
