// /bucket: list, get, create, update, empty, delete — run as the caller, so
// storage.buckets RLS decides (on Supabase only service_role passes by default).
import { rmSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import { isPgError } from '../db/adapter.ts';
import { asCaller } from '../http/request-role.ts';
import { getCaller } from './caller.ts';
import { BUCKET_JSON, type Bucket, type ObjectRow } from './db.ts';
import * as db from './db.ts';
import { ERR } from './errors.ts';
import { handle, parseSize, readJson, requireProps, type StorageEnv } from './http.ts';
import { mustBeValidBucketName } from './paths.ts';

const isUuid = (v: string | undefined) => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

function sizeLimit(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (typeof v === 'number' || typeof v === 'string') return parseSize(v);
  throw ERR.validation('body/file_size_limit must be integer,string');
}

function mimeTypes(v: unknown): string[] | null | undefined {
  if (v === undefined || v === null) return v as null | undefined;
  if (!Array.isArray(v) || v.some((m) => typeof m !== 'string')) throw ERR.validation('body/allowed_mime_types must be array');
  return (v as string[]).filter((m) => m);
}

async function listBuckets(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const limit = c.req.query('limit');
  const offset = c.req.query('offset');
  const search = c.req.query('search');
  const sortColumn = ['id', 'name', 'created_at', 'updated_at'].includes(c.req.query('sortColumn') ?? '') ? c.req.query('sortColumn') : 'name';
  const sortOrder = c.req.query('sortOrder') === 'desc' ? 'desc' : 'asc';
  const params: unknown[] = [];
  let sql = `select ${BUCKET_JSON} as j from storage.buckets b`;
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, (m) => '\\' + m)}%`);
    sql += ` where b.name ilike $${params.length}`;
  }
  sql += ` order by b.${sortColumn} ${sortOrder}`;
  if (limit && /^\d+$/.test(limit)) sql += ` limit ${Number(limit)}`;
  if (offset && /^\d+$/.test(offset)) sql += ` offset ${Number(offset)}`;
  const rows = await asCaller(env.ctx.db, caller.claims, (tx) => tx.query<{ j: string }>(sql, params));
  return c.json(rows.rows.map((r) => JSON.parse(r.j) as Bucket));
}

async function getBucket(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const b = await asCaller(env.ctx.db, caller.claims, (tx) => db.mustFindBucket(tx, c.req.param('id')!));
  const { type: _type, ...rest } = b as Bucket & { type?: string };
  return c.json(rest);
}

async function createBucket(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const body = await readJson(c);
  requireProps(body, 'name');
  if (typeof body.name !== 'string') throw ERR.validation('body/name must be string');
  const id = (body.id as string | undefined) || body.name;
  mustBeValidBucketName(id);
  mustBeValidBucketName(body.name);
  if (body.type !== undefined && body.type !== 'STANDARD') throw ERR.invalidRequest('Only STANDARD buckets are supported here');
  const limit = sizeLimit(body.file_size_limit);
  const mimes = mimeTypes(body.allowed_mime_types);
  await asCaller(env.ctx.db, caller.claims, (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
       values ($1, $2, $3::uuid, $4, $5, $6, $7::text[])`,
      [id, body.name, isUuid(caller.owner) ? caller.owner : null, caller.owner ?? null, body.public === true, limit ?? null, mimes ?? null],
    ),
  ).catch((e) => {
    throw isPgError(e) && e.code === '23505' ? ERR.bucketAlreadyExists() : e;
  });
  return c.json({ name: body.name });
}

async function updateBucket(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const body = await readJson(c);
  if (body.public === undefined && body.file_size_limit === undefined && body.allowed_mime_types === undefined) {
    throw ERR.validation("body must have required property 'public'");
  }
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [c.req.param('id')];
  if (body.public !== undefined) {
    params.push(body.public === true);
    sets.push(`public = $${params.length}`);
  }
  if (body.file_size_limit !== undefined) {
    params.push(sizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    params.push(mimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}::text[]`);
  }
  const res = await asCaller(env.ctx.db, caller.claims, (tx) => tx.query(`update storage.buckets set ${sets.join(', ')} where id = $1 returning id`, params));
  if (res.rows.length === 0) throw ERR.noSuchBucket();
  return c.json({ message: 'Successfully updated' });
}

async function emptyBucket(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const id = c.req.param('id')!;
  const deleted = await asCaller(env.ctx.db, caller.claims, async (tx) => {
    await db.mustFindBucket(tx, id);
    const { rows } = await tx.query<{ j: string }>(`delete from storage.objects o where o.bucket_id = $1 returning ${db.OBJECT_JSON} as j`, [id]);
    return rows.map((r) => JSON.parse(r.j) as ObjectRow);
  });
  for (const r of deleted) if (r.version && /^[0-9a-f-]{36}$/.test(r.version)) rmSync(env.disk.objectPath(r.version), { force: true });
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}

async function deleteBucket(env: StorageEnv, c: Context) {
  const caller = await getCaller(c.req.raw.headers, env.ctx.keys.jwtSecret);
  const id = c.req.param('id')!;
  const { rows } = await env.ctx.db.query<{ n: number }>(`select count(*)::int as n from (select 1 from storage.objects where bucket_id = $1 limit 1) x`, [id]);
  if (Number(rows[0]?.n) > 0) throw ERR.bucketNotEmpty();
  const res = await asCaller(env.ctx.db, caller.claims, (tx) => tx.query(`delete from storage.buckets where id = $1 returning id`, [id]));
  if (res.rows.length === 0) throw ERR.noSuchBucket();
  return c.json({ message: 'Successfully deleted' });
}

export function bucketRoutes(app: Hono, env: StorageEnv): void {
  const h = (fn: (env: StorageEnv, c: Context) => Promise<Response>) => handle(env, (c) => fn(env, c));
  app.get('/bucket', h(listBuckets));
  app.post('/bucket', h(createBucket));
  app.post('/bucket/:id/empty', h(emptyBucket));
  app.get('/bucket/:id', h(getBucket));
  app.put('/bucket/:id', h(updateBucket));
  app.delete('/bucket/:id', h(deleteBucket));
}
