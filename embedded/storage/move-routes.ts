// POST /object/move and /object/copy, as the caller (RLS update for a move;
// select on the source and insert at the destination for a copy). Bytes are
// stored by version, so a move touches only the row.
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Context, Hono } from 'hono';
import { isPgError } from '../db/adapter.ts';
import { asCaller } from '../http/request-role.ts';
import { getCaller } from './caller.ts';
import * as db from './db.ts';
import { ERR } from './errors.ts';
import { handle, readJson, requireProps, type StorageEnv } from './http.ts';
import { mustBeValidKey } from './paths.ts';

async function parse(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const body = await readJson(c);
  requireProps(body, 'bucketId', 'sourceKey', 'destinationKey');
  for (const k of ['bucketId', 'sourceKey', 'destinationKey']) if (typeof body[k] !== 'string') throw ERR.validation(`body/${k} must be string`);
  const src = { bucket: body.bucketId as string, key: body.sourceKey as string };
  const dst = { bucket: (body.destinationBucket as string) || src.bucket, key: body.destinationKey as string };
  mustBeValidKey(src.key);
  mustBeValidKey(dst.key);
  await db.mustFindBucket(env.ctx.db, dst.bucket);
  return { caller, src, dst };
}

async function move(env: StorageEnv, c: Context) {
  const { caller, src, dst } = await parse(env, c);
  const row = await asCaller(env.ctx.db, caller.claims, async (tx) => {
    const { rows } = await tx.query<{ j: string }>(
      `update storage.objects o set bucket_id = $3, name = $4, updated_at = now()
       where o.bucket_id = $1 and o.name = $2 returning ${db.OBJECT_JSON} as j`,
      [src.bucket, src.key, dst.bucket, dst.key],
    );
    return rows[0] ? (JSON.parse(rows[0].j) as db.ObjectRow) : undefined;
  }).catch((e) => {
    throw isPgError(e) && e.code === '23505' ? ERR.keyAlreadyExists() : e;
  });
  if (!row) throw ERR.noSuchKey();
  return c.json({ message: 'Successfully moved', Id: row.id, Key: row.name });
}

async function copy(env: StorageEnv, c: Context) {
  const { caller, src, dst } = await parse(env, c);
  const upsert = c.req.header('x-upsert') === 'true';
  const source = await asCaller(env.ctx.db, caller.claims, (tx) => db.mustFindObject(tx, src.bucket, src.key));
  if (!source.version) throw ERR.noSuchKey();
  const version = randomUUID();
  const target = env.disk.objectPath(version);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(env.disk.objectPath(source.version), target);
  try {
    const previous = upsert ? await db.findObject(env.ctx.db, dst.bucket, dst.key) : undefined;
    const meta = { ...source.metadata, lastModified: new Date().toISOString() };
    const row = await asCaller(env.ctx.db, caller.claims, (tx) =>
      db.writeObject(tx, { bucket: dst.bucket, name: dst.key, owner: caller.owner, version, metadata: meta, userMetadata: source.user_metadata }, upsert),
    );
    if (previous?.version) rmSync(env.disk.objectPath(previous.version), { force: true });
    return c.json({ Id: row.id, Key: `${dst.bucket}/${dst.key}`, ...row });
  } catch (e) {
    rmSync(target, { force: true });
    throw isPgError(e) && e.code === '23505' ? ERR.keyAlreadyExists() : e;
  }
}

export function moveRoutes(app: Hono, env: StorageEnv): void {
  app.post('/object/move', handle(env, (c) => move(env, c)));
  app.post('/object/copy', handle(env, (c) => copy(env, c)));
}
