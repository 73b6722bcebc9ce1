// Signed download URLs: POST /object/sign/{bucket}/{key} and bulk
// POST /object/sign/{bucket} issue tokens for objects the caller can see (RLS
// select); GET /object/sign/{bucket}/{key}?token= serves them to anyone.
import type { Context, Hono } from 'hono';
import { asCaller } from '../http/request-role.ts';
import { getCaller } from './caller.ts';
import * as db from './db.ts';
import { ERR } from './errors.ts';
import { handle, readJson, requireProps, wildcard, type StorageEnv } from './http.ts';
import { mustBeValidKey } from './paths.ts';
import { serveObject } from './serve.ts';
import { signedPath, signObjectUrl, verifyObjectToken } from './signed-url.ts';

function expiresIn(body: Record<string, unknown>): number {
  requireProps(body, 'expiresIn');
  const v = body.expiresIn;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw ERR.validation('body/expiresIn must be integer');
  if (v < 1) throw ERR.validation('body/expiresIn must be >= 1');
  // Storage refuses expirations a JWT cannot carry.
  if (v > 2 ** 31 - 1 - Math.floor(Date.now() / 1000)) throw ERR.invalidRequest('Invalid expiresIn: value exceeds the maximum allowed');
  return v;
}

async function signOne(env: StorageEnv, c: Context): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  const body = await readJson(c);
  const seconds = expiresIn(body);
  mustBeValidKey(key);
  await asCaller(ctx.db, caller.claims, (tx) => db.mustFindObject(tx, bucketId, key));
  const token = await signObjectUrl(bucketId, key, seconds, ctx.keys.jwtSecret);
  return c.json({ signedURL: signedPath(bucketId, key, token) }, 200);
}

async function signMany(env: StorageEnv, c: Context): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const body = await readJson(c);
  const seconds = expiresIn(body);
  requireProps(body, 'paths');
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) throw ERR.validation('body/paths must be array');
  if (paths.length < 1) throw ERR.validation('body/paths must NOT have fewer than 1 items');
  if (paths.length > 1000) throw ERR.validation('body/paths must NOT have more than 1000 items');
  const visible = await asCaller(ctx.db, caller.claims, (tx) => db.findObjectNames(tx, bucketId, paths as string[]));
  const result = await Promise.all(
    (paths as string[]).map(async (path) =>
      visible.has(path)
        ? { error: null, path, signedURL: signedPath(bucketId, path, await signObjectUrl(bucketId, path, seconds, ctx.keys.jwtSecret)) }
        : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null },
    ),
  );
  return c.json(result, 200);
}

async function serveSigned(env: StorageEnv, c: Context): Promise<Response> {
  const token = c.req.query('token');
  if (!token) throw ERR.validation("querystring must have required property 'token'");
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  const { exp } = await verifyObjectToken(token, bucketId, key, env.ctx.keys.jwtSecret);
  const row = await db.mustFindObject(env.ctx.db, bucketId, key);
  return serveObject(c, env, row, { expires: new Date(exp * 1000).toUTCString() });
}

export function signRoutes(app: Hono, env: StorageEnv): void {
  app.post('/object/sign/:bucket', handle(env, (c) => signMany(env, c)));
  app.post('/object/sign/:bucket/*', handle(env, (c) => signOne(env, c)));
  app.get('/object/sign/:bucket/*', handle(env, (c) => serveSigned(env, c)));
  app.on('HEAD', '/object/sign/:bucket/*', handle(env, (c) => serveSigned(env, c)));
}
