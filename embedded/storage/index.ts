// /storage/v1: a Supabase Storage subset over storage.buckets/objects, with
// object bytes in the data folder. Routes are registered most-specific first,
// as Storage's router prefers static segments (a bucket named "list" or "sign"
// is as unusable here as there).
import { Hono, type Context } from 'hono';
import type { StackContext } from '../context.ts';
import { bucketRoutes } from './bucket-routes.ts';
import { storageEnv } from './http.ts';
import { listRoutes } from './list.ts';
import { moveRoutes } from './move-routes.ts';
import { objectRoutes } from './object-routes.ts';
import { signRoutes } from './sign-routes.ts';
import { sendError } from './errors.ts';

export function storageRoutes(ctx: StackContext): Hono {
  const env = storageEnv(ctx);
  const app = new Hono();
  bucketRoutes(app, env);
  moveRoutes(app, env);
  listRoutes(app, env);
  signRoutes(app, env);
  objectRoutes(app, env);
  // Fastify's default 404, which Storage answers for unknown routes.
  const notFound = (c: Context) =>
    c.json({ message: `Route ${c.req.method}:${new URL(c.req.url).pathname} not found`, error: 'Not Found', statusCode: 404 }, 404);
  // A catch-all route, not only notFound(): the web app mounted at / would otherwise answer.
  app.all('*', notFound);
  app.notFound(notFound);
  app.onError((e, c) => sendError(c, e, ctx.log));
  return app;
}
