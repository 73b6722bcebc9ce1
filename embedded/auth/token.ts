// POST /token: grant_type password, refresh_token and pkce.
import type { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { AuthError, badRequest, notFound, unprocessable } from './errors.ts';
import { checkPassword } from './passwords.ts';
import { verifyChallenge } from './pkce.ts';
import { RateLimiter } from './rate-limit.ts';
import { clientIp, readJson, str } from './request.ts';
import { issueSession, refreshSession } from './sessions.ts';
import type { AuthSettings } from './settings.ts';
import { findUserByEmail } from './user-json.ts';

const INVALID_LOGIN = 'Invalid login credentials';
const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

export function tokenRoutes(app: Hono, ctx: StackContext, settings: AuthSettings) {
  const perIp = new RateLimiter(settings.tokenPerIp, settings.tokenWindowSeconds * 1000);
  const perEmail = new RateLimiter(settings.tokenPerEmail, settings.tokenWindowSeconds * 1000);

  app.post('/token', async (c) => {
    if (!perIp.take(clientIp(c, ctx.config.trustProxy))) throw rateLimited();
    const grant = c.req.query('grant_type') ?? '';
    const body = await readJson(c);

    if (grant === 'password') {
      const email = str(body, 'email').trim();
      const phone = str(body, 'phone');
      const password = str(body, 'password');
      if (email && phone) throw badRequest('validation_failed', 'Only an email address or phone number should be provided on login.');
      if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      if (!email) throw badRequest('validation_failed', 'missing email or phone');
      // Counted per address as well as per IP, so guessing one account's
      // password from many addresses is slowed down too.
      if (!perEmail.take(email.toLowerCase())) throw rateLimited();
      const user = await findUserByEmail(ctx.db, email);
      if (!user) throw badRequest('invalid_credentials', INVALID_LOGIN);
      if (user.banned) throw badRequest('user_banned', 'User is banned');
      if (!(await checkPassword(password, user.encrypted_password))) throw badRequest('invalid_credentials', INVALID_LOGIN);
      const confirmed = await ctx.db.query(`select 1 from auth.users where id = $1 and email_confirmed_at is not null`, [user.id]);
      if (!confirmed.rows[0]) throw badRequest('email_not_confirmed', 'Email not confirmed');
      return c.json(await issueSession(ctx, user.id, 'password'));
    }

    if (grant === 'refresh_token') {
      const token = str(body, 'refresh_token');
      // GoTrue answers a missing token with a bare OAuth error.
      if (!token) return c.json({ error: 'invalid_request', error_description: 'refresh_token required' }, 400);
      return c.json(await refreshSession(ctx, settings, token));
    }

    if (grant === 'pkce') {
      const authCode = str(body, 'auth_code');
      const verifier = str(body, 'code_verifier');
      if (!authCode || !verifier) throw badRequest('validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      const { rows } = await ctx.db.query<{ id: string; user_id: string | null; code_challenge: string; code_challenge_method: string; expired: boolean; provider_type: string; authentication_method: string }>(
        `select id::text, user_id::text, code_challenge, code_challenge_method, provider_type, authentication_method,
                created_at < now() - make_interval(secs => $2) as expired
           from auth.flow_state where auth_code = $1`,
        [authCode, settings.flowStateSeconds],
      );
      const flow = rows[0];
      if (!flow || !flow.user_id) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      if (flow.expired) throw unprocessable('flow_state_expired', 'invalid flow state, flow state has expired');
      if (!verifyChallenge(flow.code_challenge, flow.code_challenge_method, verifier)) {
        throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier');
      }
      // One exchange per code: the row goes before the session is issued.
      const gone = await ctx.db.query(`delete from auth.flow_state where id = $1 returning id`, [flow.id]);
      if (!gone.rows[0]) throw notFound('flow_state_not_found', 'invalid flow state, no valid flow state found');
      const method = flow.authentication_method === 'recovery' ? 'recovery' : 'oauth';
      return c.json(await issueSession(ctx, flow.user_id, method, flow.provider_type === 'recovery' ? 'email' : flow.provider_type));
    }

    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  });
}
