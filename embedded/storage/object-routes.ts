// /object/{bucket}/{key}: upload (POST create, PUT update, x-upsert), download
// (authenticated / public / plain, GET and HEAD), info, delete (one or many).
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/adapter.ts';
import { isPgError } from '../db/adapter.ts';
import { asCaller } from '../http/request-role.ts';
import { getCaller, type Caller } from './caller.ts';
import * as db from './db.ts';
import { ERR, fromDbError, StorageError } from './errors.ts';
import { handle, readJson, requireProps, wildcard, type StorageEnv } from './http.ts';
import { mustBeAllowedMimeType } from './mime.ts';
import { mustBeValidKey } from './paths.ts';
import { objectInfo, serveObject } from './serve.ts';
import { receiveUpload } from './upload.ts';

/** Thrown to roll back a permission probe; never leaves this module. */
const PROBE = Symbol('probe');

function removeFiles(env: StorageEnv, versions: (string | undefined)[]) {
  for (const v of versions) {
    if (!v || !/^[0-9a-f-]{36}$/.test(v)) continue;
    rmSync(env.disk.objectPath(v), { force: true });
  }
}

async function upload(env: StorageEnv, c: Context, method: 'POST' | 'PUT'): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  mustBeValidKey(key);
  // The bucket's settings are read as Storage reads them: as its own superuser.
  const bucket = await db.mustFindBucket(ctx.db, bucketId);
  // PUT always upserts; POST only with x-upsert: true.
  const upsert = method === 'PUT' || c.req.header('x-upsert') === 'true';
  const emptyFolder = key.endsWith('.emptyFolderPlaceholder');
  const maxSize = emptyFolder ? 0 : Math.min(env.fileSizeLimit, bucket.file_size_limit ?? Infinity);
  const version = randomUUID();
  const tempPath = env.disk.tempPath(version);
  const write = (tx: Queryable, meta: Partial<db.ObjectMetadata>, userMetadata?: Record<string, unknown>) =>
    db.writeObject(tx, { bucket: bucketId, name: key, owner: caller.owner, version, metadata: meta, userMetadata }, upsert);

  const file = await receiveUpload(c.req.raw, {
    maxSize,
    tempPath,
    beforeWrite: async (meta) => {
      if (!emptyFolder) mustBeAllowedMimeType(meta.mimeType, bucket.allowed_mime_types);
      // Storage's canUpload: the same insert/upsert, as the caller, rolled back —
      // so a refused upload stores no byte and no row.
      await probe(env, caller, (tx) => write(tx, { mimetype: meta.mimeType, contentLength: meta.declaredLength }, meta.userMetadata));
    },
  });

  const finalPath = env.disk.objectPath(version);
  try {
    const previous = upsert ? await db.findObject(ctx.db, bucketId, key) : undefined;
    const metadata: db.ObjectMetadata = {
      eTag: file.eTag,
      size: file.size,
      mimetype: file.mimeType,
      cacheControl: file.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: file.size,
      httpStatusCode: 200,
    };
    const row = await asCaller(ctx.db, caller.claims, async (tx) => {
      const written = await write(tx, metadata, file.userMetadata);
      mkdirSync(dirname(finalPath), { recursive: true });
      renameSync(tempPath, finalPath);
      return written;
    }).catch((e) => {
      rmSync(finalPath, { force: true });
      throw mapWriteError(e, upsert);
    });
    if (previous?.version && previous.version !== version) removeFiles(env, [previous.version]);
    return c.json({ Id: row.id, Key: `${bucketId}/${key}` }, 200);
  } finally {
    rmSync(tempPath, { force: true });
  }
}

function mapWriteError(e: unknown, upsert: boolean): unknown {
  if (!upsert && isPgError(e) && e.code === '23505') return ERR.keyAlreadyExists();
  return e;
}

/** Runs fn as the caller and rolls it back: does RLS allow it? */
async function probe(env: StorageEnv, caller: Caller, fn: (tx: Queryable) => Promise<unknown>): Promise<void> {
  try {
    await asCaller(env.ctx.db, caller.claims, async (tx) => {
      await fn(tx);
      throw PROBE;
    });
  } catch (e) {
    if (e === PROBE) return;
    throw fromDbError(mapWriteError(e, false));
  }
}

/** GET/HEAD /object/{bucket}/{key} and /object/authenticated/…: Storage's getObject. */
async function findReadable(env: StorageEnv, c: Context, allowInvalidJwt: boolean): Promise<db.ObjectRow> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret, allowInvalidJwt);
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  mustBeValidKey(key);
  const bucket = await db.findBucket(ctx.db, bucketId);
  if (!bucket || (!caller.authenticated && !bucket.public)) throw ERR.noSuchBucket();
  // Public buckets are readable by anyone; private ones as RLS allows the caller.
  if (bucket.public) return db.mustFindObject(ctx.db, bucketId, key);
  return asCaller(ctx.db, caller.claims, (tx) => db.mustFindObject(tx, bucketId, key));
}

async function findPublic(env: StorageEnv, c: Context): Promise<db.ObjectRow> {
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  mustBeValidKey(key);
  const bucket = await db.findBucket(env.ctx.db, bucketId);
  if (!bucket?.public) throw ERR.noSuchBucket();
  return db.mustFindObject(env.ctx.db, bucketId, key);
}

async function deleteOne(env: StorageEnv, c: Context): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const key = wildcard(c);
  mustBeValidKey(key);
  await db.mustFindObject(ctx.db, bucketId, key);
  const deleted = await asCaller(ctx.db, caller.claims, (tx) => db.deleteObjects(tx, bucketId, [key]));
  if (deleted.length === 0) throw ERR.accessDenied('Access denied');
  removeFiles(env, deleted.map((r) => r.version));
  return c.json({ message: 'Successfully deleted' }, 200);
}

async function deleteMany(env: StorageEnv, c: Context): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const body = await readJson(c);
  requireProps(body, 'prefixes');
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) throw ERR.validation('body/prefixes must be array');
  if (prefixes.length === 0) throw ERR.validation('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > 1000) throw ERR.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
  const deleted = await asCaller(ctx.db, caller.claims, (tx) => db.deleteObjects(tx, bucketId, prefixes as string[]));
  removeFiles(env, deleted.map((r) => r.version));
  return c.json(deleted, 200);
}

export function objectRoutes(app: Hono, env: StorageEnv): void {
  const h = (fn: (c: Context) => Promise<Response>) => handle(env, fn);

  for (const prefix of ['/object/public/:bucket/*']) {
    app.get(prefix, h(async (c) => serveObject(c, env, await findPublic(env, c))));
    app.on('HEAD', prefix, h(async (c) => serveObject(c, env, await findPublic(env, c), { head: true })));
  }
  app.get('/object/info/public/:bucket/*', h(async (c) => c.json(objectInfo(await findPublic(env, c)))));
  app.get('/object/info/authenticated/:bucket/*', h(async (c) => c.json(objectInfo(await findReadable(env, c, false)))));
  app.get('/object/info/:bucket/*', h(async (c) => c.json(objectInfo(await findReadable(env, c, true)))));

  app.get('/object/authenticated/:bucket/*', h(async (c) => serveObject(c, env, await findReadable(env, c, false))));
  app.on('HEAD', '/object/authenticated/:bucket/*', h(async (c) => serveObject(c, env, await findReadable(env, c, false), { head: true })));

  app.delete('/object/:bucket', h((c) => deleteMany(env, c)));
  app.post('/object/:bucket/*', h((c) => upload(env, c, 'POST')));
  app.put('/object/:bucket/*', h((c) => upload(env, c, 'PUT')));
  app.get('/object/:bucket/*', h(async (c) => serveObject(c, env, await findReadable(env, c, true))));
  app.on('HEAD', '/object/:bucket/*', h(async (c) => serveObject(c, env, await findReadable(env, c, true), { head: true })));
  app.delete('/object/:bucket/*', h((c) => deleteOne(env, c)));
}

export { StorageError };
