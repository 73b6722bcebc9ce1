// SQL for storage.buckets / storage.objects. Rows come back as JSON text built
// in SQL (timestamps as ISO-8601 UTC with milliseconds, as Storage's JSON has
// them), so PGlite and node-postgres answer byte for byte the same.
import type { Queryable } from '../db/adapter.ts';
import { ERR } from './errors.ts';

const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const OBJECT_JSON = `json_strip_nulls(json_build_object(
  'name', o.name, 'bucket_id', o.bucket_id, 'owner', o.owner, 'owner_id', o.owner_id, 'version', o.version,
  'id', o.id, 'updated_at', ${iso('o.updated_at')}, 'created_at', ${iso('o.created_at')},
  'last_accessed_at', ${iso('o.last_accessed_at')}, 'metadata', o.metadata, 'user_metadata', o.user_metadata))::text`;

export const BUCKET_JSON = `json_build_object(
  'id', b.id, 'name', b.name, 'owner', coalesce(b.owner_id, b.owner::text, ''), 'public', b.public,
  'type', 'STANDARD', 'file_size_limit', b.file_size_limit, 'allowed_mime_types', b.allowed_mime_types,
  'created_at', ${iso('b.created_at')}, 'updated_at', ${iso('b.updated_at')})::text`;

export interface Bucket {
  id: string;
  name: string;
  owner: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  owner?: string;
  owner_id?: string;
  version?: string;
  created_at: string;
  updated_at: string;
  last_accessed_at: string;
  metadata?: ObjectMetadata;
  user_metadata?: Record<string, unknown>;
}

const parse = <T>(rows: { j: string }[]): T[] => rows.map((r) => JSON.parse(r.j) as T);

export async function findBucket(q: Queryable, id: string): Promise<Bucket | undefined> {
  const { rows } = await q.query<{ j: string }>(`select ${BUCKET_JSON} as j from storage.buckets b where b.id = $1`, [id]);
  return parse<Bucket>(rows)[0];
}

export async function mustFindBucket(q: Queryable, id: string): Promise<Bucket> {
  const b = await findBucket(q, id);
  if (!b) throw ERR.noSuchBucket();
  return b;
}

export async function findObject(q: Queryable, bucket: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await q.query<{ j: string }>(
    `select ${OBJECT_JSON} as j from storage.objects o where o.bucket_id = $1 and o.name = $2 limit 1`,
    [bucket, name],
  );
  return parse<ObjectRow>(rows)[0];
}

export async function mustFindObject(q: Queryable, bucket: string, name: string): Promise<ObjectRow> {
  const o = await findObject(q, bucket, name);
  if (!o) throw ERR.noSuchKey();
  return o;
}

export async function findObjectNames(q: Queryable, bucket: string, names: string[]): Promise<Set<string>> {
  const { rows } = await q.query<{ name: string }>(
    `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucket, names],
  );
  return new Set(rows.map((r) => r.name));
}

const isUuid = (v: string | undefined) => !!v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(v);

export interface WriteObject {
  bucket: string;
  name: string;
  owner?: string;
  version: string;
  metadata: Partial<ObjectMetadata>;
  userMetadata?: Record<string, unknown>;
}

/**
 * Insert (create) or insert-or-update (upsert) of the object row, the
 * statements Storage runs; RLS on storage.objects decides. `owner` is the uuid
 * form of the JWT sub, `owner_id` the sub as text, as upstream stores them.
 */
export async function writeObject(q: Queryable, o: WriteObject, upsert: boolean): Promise<ObjectRow> {
  const params = [o.bucket, o.name, isUuid(o.owner) ? o.owner : null, o.owner ?? null, JSON.stringify(o.metadata), o.userMetadata ? JSON.stringify(o.userMetadata) : null, o.version];
  const insert = `insert into storage.objects as o (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3::uuid, $4, $5::jsonb, $6::jsonb, $7)`;
  const onConflict = upsert
    ? ` on conflict (name, bucket_id) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
        version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
    : '';
  const { rows } = await q.query<{ j: string }>(`${insert}${onConflict} returning ${OBJECT_JSON} as j`, params);
  return parse<ObjectRow>(rows)[0];
}

/** Deletes the named objects the caller may delete; returns their rows. */
export async function deleteObjects(q: Queryable, bucket: string, names: string[]): Promise<ObjectRow[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<{ j: string }>(
    `delete from storage.objects o where o.bucket_id = $1 and o.name = any($2::text[]) returning ${OBJECT_JSON} as j`,
    [bucket, names],
  );
  return parse<ObjectRow>(rows);
}
