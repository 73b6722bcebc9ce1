// The admin API (service_role only): users CRUD, generate_link, invite.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { StackContext } from '../context.ts';
import type { Queryable } from '../db/adapter.ts';
import { badRequest, notFound, unprocessable } from './errors.ts';
import { requireAdmin } from './guard.ts';
import { createOneTimeToken, sendMail, verifyLink } from './mail.ts';
import { checkStrength, hashPassword } from './passwords.ts';
import { safeRedirect } from './redirect.ts';
import { obj, readJson, str, UUID_RE, validateEmail } from './request.ts';
import type { AuthSettings } from './settings.ts';
import { findUserByEmail, listUsers, userJson } from './user-json.ts';

const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** Inserts a user and its 'email' identity, as GoTrue's NewUser + identity creation. */
export async function insertUser(
  tx: Queryable,
  p: { email: string; hash: string | null; confirmed: boolean; invited?: boolean; userMeta?: Record<string, unknown>; appMeta?: Record<string, unknown>; role?: string },
): Promise<string> {
  const id = randomUUID();
  const app = { provider: 'email', providers: ['email'], ...(p.appMeta ?? {}) };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, case when $5 then now() end, case when $6 then now() end, $7::jsonb, $8::jsonb)`,
    [id, p.role || 'authenticated', p.email, p.hash ?? '', p.confirmed, !!p.invited, JSON.stringify(app), JSON.stringify(p.userMeta ?? {})],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider) values ($1::text, $1::uuid, $2::jsonb, 'email')`,
    [id, JSON.stringify({ sub: id, email: p.email, email_verified: false, phone_verified: false })],
  );
  return id;
}

async function loadUserId(c: Context, ctx: StackContext): Promise<string> {
  const id = c.req.param('id') ?? '';
  if (!UUID_RE.test(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const { rows } = await ctx.db.query(`select 1 from auth.users where id = $1`, [id]);
  if (!rows[0]) throw notFound('user_not_found', 'User not found');
  return id;
}

export function adminRoutes(app: Hono, ctx: StackContext, settings: AuthSettings) {
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(c, ctx);
    await next();
  });

  app.get('/admin/users', async (c) => {
    const page = c.req.query('page') ?? '1';
    const perPage = c.req.query('per_page') ?? '50';
    if (!/^\d+$/.test(page) || !/^\d+$/.test(perPage)) throw badRequest('validation_failed', 'Bad Pagination Parameters: strconv.ParseUint: parsing: invalid syntax');
    const p = Math.max(Number(page), 1);
    const pp = Math.min(Math.max(Number(perPage), 1), 1000);
    const total = Number((await ctx.db.query<{ n: string }>(`select count(*)::text as n from auth.users where deleted_at is null`)).rows[0].n);
    const users = await listUsers(ctx.db, pp, (p - 1) * pp);
    // GoTrue's addPaginationHeaders: next (when there is one) and last.
    const pages = Math.ceil(total / pp);
    const link = (n: number) => `</admin/users?page=${n}&per_page=${pp}>`;
    let header = pages > p ? `${link(p + 1)}; rel="next", ` : '';
    header += `${link(pages)}; rel="last"`;
    c.header('Link', header);
    c.header('X-Total-Count', String(total));
    return c.json({ users, aud: 'authenticated' });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c);
    const rawEmail = str(body, 'email');
    if (!rawEmail && !str(body, 'phone')) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
    if (!rawEmail) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const email = validateEmail(rawEmail.trim());
    if (await findUserByEmail(ctx.db, email)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    const password = str(body, 'password');
    // Like GoTrue: no password means a random one nobody knows.
    const hash = await hashPassword(password || randomBytes(32).toString('base64url'));
    const id = await ctx.db.transaction((tx) =>
      insertUser(tx, { email, hash, confirmed: body.email_confirm === true, userMeta: obj(body, 'user_metadata'), appMeta: obj(body, 'app_metadata'), role: str(body, 'role') }),
    );
    return c.json(await userJson(ctx.db, id));
  });

  app.get('/admin/users/:id', async (c) => c.json(await userJson(ctx.db, await loadUserId(c, ctx))));

  app.put('/admin/users/:id', async (c) => {
    const id = await loadUserId(c, ctx);
    const body = await readJson(c);
    const email = str(body, 'email');
    const password = body.password === undefined || body.password === null ? undefined : str(body, 'password');
    const userMeta = obj(body, 'user_metadata');
    const appMeta = obj(body, 'app_metadata');
    const ban = str(body, 'ban_duration');
    let banSql: string | null = null;
    if (ban) {
      const m = /^(\d+(?:\.\d+)?)(h|m|s|ms)$/.exec(ban);
      if (ban !== 'none' && !m) throw badRequest('validation_failed', `invalid format for ban duration: time: invalid duration "${ban}"`);
      banSql = ban === 'none' ? 'none' : `${m![1]} ${{ h: 'hours', m: 'minutes', s: 'seconds', ms: 'milliseconds' }[m![2]]}`;
    }
    if (password !== undefined) checkStrength(password, settings);
    let normalized: string | undefined;
    if (email) {
      normalized = validateEmail(email.trim());
      const other = await findUserByEmail(ctx.db, normalized);
      if (other && other.id !== id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    }
    const hash = password !== undefined ? await hashPassword(password) : null;
    await ctx.db.transaction(async (tx) => {
      if (normalized) {
        await tx.query(`update auth.users set email = $2 where id = $1`, [id, normalized]);
        await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`, [id, normalized]);
      }
      if (hash) await tx.query(`update auth.users set encrypted_password = $2 where id = $1`, [id, hash]);
      if (userMeta) await tx.query(`update auth.users set raw_user_meta_data = jsonb_strip_nulls(raw_user_meta_data || $2::jsonb) where id = $1`, [id, JSON.stringify(userMeta)]);
      if (appMeta) await tx.query(`update auth.users set raw_app_meta_data = jsonb_strip_nulls(raw_app_meta_data || $2::jsonb) where id = $1`, [id, JSON.stringify(appMeta)]);
      if (body.email_confirm === true) await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [id]);
      if (str(body, 'role')) await tx.query(`update auth.users set role = $2 where id = $1`, [id, str(body, 'role')]);
      if (banSql === 'none') await tx.query(`update auth.users set banned_until = null where id = $1`, [id]);
      else if (banSql) {
        await tx.query(`update auth.users set banned_until = now() + $2::interval where id = $1`, [id, banSql]);
        // A banned user's sessions end at once.
        await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
      }
      await tx.query(`update auth.users set updated_at = now() where id = $1`, [id]);
    });
    return c.json(await userJson(ctx.db, id));
  });

  app.delete('/admin/users/:id', async (c) => {
    const id = await loadUserId(c, ctx);
    const body = await readJson(c);
    if (body.should_soft_delete === true) {
      await ctx.db.transaction(async (tx) => {
        await tx.query(`delete from auth.sessions where user_id = $1`, [id]);
        await tx.query(`delete from auth.identities where user_id = $1`, [id]);
        await tx.query(`update auth.users set deleted_at = now(), email = null, encrypted_password = '', raw_app_meta_data = '{}', raw_user_meta_data = '{}' where id = $1`, [id]);
      });
    } else {
      await ctx.db.query(`delete from auth.users where id = $1`, [id]);
    }
    return c.json({});
  });

  app.post('/admin/generate_link', async (c) => {
    const body = await readJson(c);
    const type = str(body, 'type');
    if (type !== 'recovery' && type !== 'invite') throw badRequest('validation_failed', `Invalid email action link type requested: ${type}`);
    const email = validateEmail(str(body, 'email').trim());
    const redirectTo = safeRedirect(ctx.config, str(body, 'redirect_to') || undefined, type === 'recovery' ? `${ctx.config.siteUrl}/reset-password` : ctx.config.siteUrl);
    const result = await linkFor(ctx, type, email, obj(body, 'data'));
    return c.json({
      ...(await userJson(ctx.db, result.userId)),
      action_link: verifyLink(ctx, result.hashed, type, redirectTo),
      email_otp: result.otp,
      hashed_token: result.hashed,
      redirect_to: redirectTo,
      verification_type: type,
    });
  });

  app.post('/invite', async (c) => {
    await requireAdmin(c, ctx);
    const body = await readJson(c);
    const email = validateEmail(str(body, 'email').trim());
    const redirectTo = safeRedirect(ctx.config, c.req.query('redirect_to') || undefined, ctx.config.siteUrl);
    const result = await linkFor(ctx, 'invite', email, obj(body, 'data'));
    sendMail(ctx, email, 'invite', verifyLink(ctx, result.hashed, 'invite', redirectTo), result.otp);
    return c.json(await userJson(ctx.db, result.userId));
  });
}

/** A recovery link for an existing user, or an invitation (creating the user). */
async function linkFor(ctx: StackContext, type: 'recovery' | 'invite', email: string, data?: Record<string, unknown>) {
  const existing = await findUserByEmail(ctx.db, email);
  return ctx.db.transaction(async (tx) => {
    let userId: string;
    if (type === 'recovery') {
      if (!existing) throw notFound('user_not_found', 'User with this email not found');
      userId = existing.id;
    } else {
      if (existing) {
        const confirmed = await tx.query(`select 1 from auth.users where id = $1 and email_confirmed_at is not null`, [existing.id]);
        if (confirmed.rows[0]) throw unprocessable('email_exists', DUPLICATE_EMAIL);
        userId = existing.id;
      } else {
        userId = await insertUser(tx, { email, hash: null, confirmed: false, invited: true, userMeta: data });
      }
      await tx.query(`update auth.users set invited_at = coalesce(invited_at, now()) where id = $1`, [userId]);
    }
    const { otp, hashed } = await createOneTimeToken(tx, { id: userId, email }, type, false);
    return { userId, otp, hashed };
  });
}
