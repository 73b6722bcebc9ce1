// GET/PUT /user and POST /logout: the signed-in user's own account.
import type { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { requireUser } from './guard.ts';
import { checkPassword, checkStrength, hashPassword } from './passwords.ts';
import { obj, readJson, str } from './request.ts';
import type { AuthSettings } from './settings.ts';
import { userJson } from './user-json.ts';

export function userRoutes(app: Hono, ctx: StackContext, settings: AuthSettings) {
  app.get('/user', async (c) => {
    const caller = await requireUser(c, ctx);
    return c.json(await userJson(ctx.db, caller.userId));
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(c, ctx);
    const body = await readJson(c);
    const password = body.password === undefined || body.password === null ? undefined : str(body, 'password');
    const data = obj(body, 'data');
    const email = str(body, 'email');
    if (obj(body, 'app_metadata') !== undefined) throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
    if (str(body, 'phone')) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
    const current = await ctx.db.query<{ email: string | null; encrypted_password: string | null }>(
      `select email, encrypted_password from auth.users where id = $1`,
      [caller.userId],
    );
    // Changing the address needs GoTrue's double-confirmation mails, which this
    // stack does not implement; say so instead of silently ignoring it.
    if (email && email.toLowerCase() !== (current.rows[0]?.email ?? '').toLowerCase()) {
      throw unprocessable('feature_disabled', 'Email change is not supported by this server');
    }
    if (password !== undefined) {
      checkStrength(password, settings);
      if (await checkPassword(password, current.rows[0]?.encrypted_password ?? null)) {
        throw unprocessable('same_password', 'New password should be different from the old password.');
      }
    }
    const hash = password !== undefined ? await hashPassword(password) : null;
    await ctx.db.transaction(async (tx) => {
      if (data) {
        // GoTrue merges `data` into user_metadata key by key; null deletes a key.
        await tx.query(
          `update auth.users set raw_user_meta_data = jsonb_strip_nulls(raw_user_meta_data || $2::jsonb), updated_at = now() where id = $1`,
          [caller.userId, JSON.stringify(data)],
        );
      }
      if (hash) {
        await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [caller.userId, hash]);
        // As GoTrue's UpdatePassword: every other session of the user ends.
        await tx.query(`delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`, [caller.userId, caller.sessionId]);
      }
    });
    return c.json(await userJson(ctx.db, caller.userId));
  });

  app.post('/logout', async (c) => {
    const caller = await requireUser(c, ctx);
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    // Deleting a session deletes its refresh tokens (on delete cascade).
    if (scope === 'local' && caller.sessionId) {
      await ctx.db.query(`delete from auth.sessions where id = $1`, [caller.sessionId]);
    } else if (scope === 'others') {
      await ctx.db.query(`delete from auth.sessions where user_id = $1 and ($2::uuid is null or id <> $2::uuid)`, [caller.userId, caller.sessionId]);
    } else {
      await ctx.db.query(`delete from auth.sessions where user_id = $1`, [caller.userId]);
    }
    return c.body(null, 204);
  });
}
