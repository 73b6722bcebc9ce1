// Sends an object's bytes (or only its headers, for HEAD) with the headers
// Storage's asset renderer sets: Content-Type, Content-Length, ETag,
// Last-Modified, Cache-Control (or Expires for signed URLs), X-Robots-Tag and,
// on ?download, Content-Disposition. Bytes stream from disk.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { ObjectRow } from './db.ts';
import type { StorageEnv } from './http.ts';

interface ServeOptions {
  head?: boolean;
  /** Signed URLs answer with Expires instead of Cache-Control. */
  expires?: string;
}

/** Storage's answer when the row exists but the bytes do not. */
function missingBytes(c: Context): Response {
  c.header('Cache-Control', 'no-store');
  return c.json({ error: 'Not found', message: 'The resource was not found', statusCode: '404', code: 'NoSuchKey' }, 400);
}

export function serveObject(c: Context, env: StorageEnv, row: ObjectRow, opts: ServeOptions = {}): Response {
  if (!row.version) return missingBytes(c);
  const path = env.disk.objectPath(row.version);
  let size: number;
  let mtime: Date;
  try {
    const st = statSync(path);
    size = st.size;
    mtime = st.mtime;
  } catch {
    return missingBytes(c);
  }
  const meta = row.metadata;
  const headers = new Headers({
    'Content-Type': meta?.mimetype || 'application/octet-stream',
    'X-Robots-Tag': 'none',
  });
  const eTag = meta?.eTag;
  if (eTag) headers.set('ETag', eTag);
  const lastModified = meta?.lastModified ? new Date(meta.lastModified) : mtime;
  if (!Number.isNaN(lastModified.getTime())) headers.set('Last-Modified', lastModified.toUTCString());
  if (opts.expires) headers.set('Expires', opts.expires);
  else headers.set('Cache-Control', meta?.cacheControl || 'no-cache');

  const download = c.req.query('download');
  if (download !== undefined) {
    const name = encodeURIComponent(download);
    headers.set('Content-Disposition', download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`);
  }

  // Conditional GET, as the backend answers it.
  const inm = c.req.header('if-none-match');
  const ims = c.req.header('if-modified-since');
  if ((inm && eTag && inm === eTag) || (!inm && ims && lastModified.getTime() <= Date.parse(ims))) {
    return new Response(null, { status: 304, headers });
  }

  headers.set('Content-Length', String(size));
  if (opts.head || c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

/** The JSON `info()` returns (Storage's info renderer). */
export function objectInfo(row: ObjectRow) {
  const m = row.metadata;
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: m?.size ?? null,
    content_type: m?.mimetype ?? null,
    cache_control: m?.cacheControl ?? null,
    etag: m?.eTag ?? null,
    metadata: row.user_metadata ?? null,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}
