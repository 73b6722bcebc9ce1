// The API's HTTP surface, one Hono app shared by the stack and the tests:
// the same paths as a Supabase project, plus the built web app at /.
import { Hono } from 'hono';
import { authRoutes } from './auth/index.ts';
import type { StackContext } from './context.ts';
import { cors } from './http/cors.ts';
import { restRoutes } from './rest/index.ts';
import { storageRoutes } from './storage/index.ts';
import { runtimeConfigScript, webApp } from './web.ts';

export function createApp(ctx: StackContext, functions: Hono): Hono {
  const app = new Hono();
  app.use('/auth/v1/*', cors);
  app.use('/rest/v1/*', cors);
  app.use('/storage/v1/*', cors);
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/functions/v1', functions);
  app.route('/', webApp(ctx.config.webDist, () => runtimeConfigScript(ctx.apiUrl, ctx.keys.anonKey)));
  app.onError((err, c) => {
    // Last line of defence: a request never takes the stack down.
    ctx.log(`unhandled error on ${c.req.method} ${c.req.path}: ${err.stack ?? err}`);
    return c.json({ code: '500', message: 'Internal server error', details: null, hint: null }, 500);
  });
  return app;
}
