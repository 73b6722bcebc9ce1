// /auth/v1: a Supabase Auth (GoTrue v2) subset over auth.* tables. Each area
// lives in its own file; errors become GoTrue's JSON here, in one place.
import { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { adminRoutes } from './admin.ts';
import { AuthError, errorResponse } from './errors.ts';
import { publicRoutes } from './public.ts';
import { recoverVerifyRoutes } from './recover-verify.ts';
import { tokenRoutes } from './token.ts';
import { userRoutes } from './user.ts';

export function authRoutes(ctx: StackContext): Hono {
  const settings = ctx.config.auth;
  const app = new Hono();
  publicRoutes(app, ctx);
  tokenRoutes(app, ctx, settings);
  userRoutes(app, ctx, settings);
  recoverVerifyRoutes(app, ctx, settings);
  adminRoutes(app, ctx, settings);
  app.notFound((c) => errorResponse(c, new AuthError(404, 'not_found', 'Not Found')));
  app.onError((err, c) => {
    if (err instanceof AuthError) return errorResponse(c, err);
    ctx.log(`auth: unexpected error on ${c.req.method} ${c.req.path}: ${err.stack ?? err}`);
    return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });
  return app;
}
