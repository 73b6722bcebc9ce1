// POST /object/list/{bucket}: one level of a bucket under a prefix, as
// Storage's storage.search() answers — sub-folders as entries with null id and
// metadata, files with their row; names relative to the prefix; `search`
// narrows by a case-insensitive name prefix; sort by name (folders and files
// interleaved, case-insensitive, byte order) or by a date column (folders
// first). Rows are read as the caller, so RLS decides what is listed.
import type { Context, Hono } from 'hono';
import { asCaller } from '../http/request-role.ts';
import { getCaller } from './caller.ts';
import { OBJECT_JSON, type ObjectRow } from './db.ts';
import { ERR } from './errors.ts';
import { handle, readJson, requireProps, type StorageEnv } from './http.ts';

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;
type SortColumn = (typeof SORT_COLUMNS)[number];

export interface ListEntry {
  name: string;
  id: string | null;
  updated_at: string | null;
  created_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => '\\' + m);

function intOrDefault(v: unknown, name: string, min: number, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw ERR.validation(`body/${name} must be integer`);
  if (v < min) throw ERR.validation(`body/${name} must be >= ${min}`);
  return v;
}

async function list(env: StorageEnv, c: Context): Promise<Response> {
  const { ctx } = env;
  const caller = await getCaller(c.req.raw.headers, ctx.keys.jwtSecret);
  const bucketId = c.req.param('bucket')!;
  const body = await readJson(c);
  requireProps(body, 'prefix');
  if (typeof body.prefix !== 'string') throw ERR.validation('body/prefix must be string');
  if (body.search !== undefined && typeof body.search !== 'string') throw ERR.validation('body/search must be string');
  const limit = Math.min(intOrDefault(body.limit, 'limit', 1, 100), 1500);
  const offset = intOrDefault(body.offset, 'offset', 0, 0);
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (typeof sortBy !== 'object') throw ERR.validation('body/sortBy must be object');
  const column = (sortBy.column ?? 'name') as SortColumn;
  if (!SORT_COLUMNS.includes(column)) throw ERR.validation('body/sortBy/column must be equal to one of the allowed values');
  const order = sortBy.order ?? 'asc';
  if (order !== 'asc' && order !== 'desc') throw ERR.validation('body/sortBy/order must be equal to one of the allowed values');

  // Storage treats the prefix as a folder.
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix += '/';
  const lookFor = prefix + (body.search ?? '');

  const rows = await asCaller(ctx.db, caller.claims, async (tx) => {
    const { rows } = await tx.query<{ j: string }>(
      `select ${OBJECT_JSON} as j from storage.objects o where o.bucket_id = $1 and lower(o.name) like $2 escape '\\'`,
      [bucketId, escapeLike(lookFor.toLowerCase()) + '%'],
    );
    return rows.map((r) => JSON.parse(r.j) as ObjectRow);
  });

  const folders = new Map<string, string>(); // lower-case sort key -> display name
  const files: ListEntry[] = [];
  for (const row of rows) {
    const slash = row.name.indexOf('/', lookFor.length);
    if (slash >= 0) {
      const folder = row.name.slice(prefix.length, slash);
      const sortKey = folder.toLowerCase() + '/';
      if (!folders.has(sortKey)) folders.set(sortKey, folder);
      continue;
    }
    files.push({
      name: row.name.slice(prefix.length),
      id: row.id,
      updated_at: row.updated_at,
      created_at: row.created_at,
      last_accessed_at: row.last_accessed_at,
      metadata: (row.metadata as unknown as Record<string, unknown>) ?? null,
    });
  }
  const folderEntries: ListEntry[] = [...folders.entries()].map(([, name]) => ({
    name,
    id: null,
    updated_at: null,
    created_at: null,
    last_accessed_at: null,
    metadata: null,
  }));
  const dir = order === 'asc' ? 1 : -1;
  const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  let entries: ListEntry[];
  if (column === 'name') {
    const key = (e: ListEntry) => e.name.toLowerCase() + (e.id === null ? '/' : '');
    entries = [...folderEntries, ...files].sort((a, b) => dir * byteOrder(key(a), key(b)));
  } else {
    folderEntries.sort((a, b) => dir * byteOrder(a.name, b.name));
    files.sort((a, b) => dir * byteOrder(a[column] ?? '', b[column] ?? ''));
    entries = [...folderEntries, ...files];
  }
  return c.json(entries.slice(offset, offset + limit), 200);
}

export function listRoutes(app: Hono, env: StorageEnv): void {
  app.post('/object/list/:bucket', handle(env, (c) => list(env, c)));
}
