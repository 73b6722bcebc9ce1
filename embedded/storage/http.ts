// Small request helpers shared by the storage routes.
import type { Context } from 'hono';
import type { StackContext } from '../context.ts';
import { diskLayout, type DiskLayout } from './paths.ts';
import { ERR, sendError, StorageError } from './errors.ts';
import { BodyTooLarge, readBodyCapped } from '../http/body.ts';

export interface StorageEnv {
  ctx: StackContext;
  disk: DiskLayout;
  /** Global per-object limit in bytes (STORAGE_FILE_SIZE_LIMIT). */
  fileSizeLimit: number;
}

/** Default global limit: 50 MiB, Supabase's default file_size_limit. */
export const DEFAULT_FILE_SIZE_LIMIT = 50 * 1024 * 1024;

/** Parses '52428800', '50MB', '50MiB', '30KB' … into bytes (Storage's units, plus the CLI's MiB/KiB/GiB). */
export function parseSize(value: string | number): number {
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= 0) return value;
    throw ERR.invalidFileSizeLimit();
  }
  const m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*(gib|mib|kib|gb|mb|kb|b)?\s*$/i.exec(value);
  if (!m) throw ERR.invalidFileSizeLimit();
  const n = Number(m[1]);
  const unit = (m[2] ?? 'b').toLowerCase();
  const factor = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 }[unit]!;
  return Math.round(n * factor);
}

export function storageEnv(ctx: StackContext): StorageEnv {
  const raw = process.env.STORAGE_FILE_SIZE_LIMIT;
  let fileSizeLimit = DEFAULT_FILE_SIZE_LIMIT;
  if (raw !== undefined && raw !== '') {
    try {
      fileSizeLimit = parseSize(raw);
    } catch {
      throw new Error(`Bad configuration:\n  STORAGE_FILE_SIZE_LIMIT must be a size in bytes (or like 50MB / 50MiB), got "${raw}"`);
    }
  }
  return { ctx, disk: diskLayout(ctx.config.dataDir), fileSizeLimit };
}

/** Wraps a handler so every failure answers in Storage's error shape; nothing escapes. */
export function handle(env: StorageEnv, fn: (c: Context) => Promise<Response>) {
  return async (c: Context) => {
    try {
      return await fn(c);
    } catch (e) {
      return sendError(c, e, env.ctx.log);
    }
  };
}

/**
 * The wildcard part of the route (the object key), decoded as Fastify decodes
 * a wildcard parameter. Taken from the raw URL so encoded slashes survive.
 */
export function wildcard(c: Context): string {
  const route = c.req.routePath;
  const fixed = route.slice(0, route.indexOf('*')).split('/').length - 1;
  // Prefer the path as the client sent it (@hono/node-server keeps it on
  // env.incoming): the Request URL has `.`/`..` segments already resolved, which
  // would silently turn `a/./b` into `a/b` instead of refusing it as Storage does.
  const incoming = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
  const pathname = incoming?.startsWith('/') ? incoming.split('?')[0] : new URL(c.req.url).pathname;
  const raw = pathname.split('/').slice(fixed).join('/');
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERR.invalidKey(raw);
  }
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** Reads a JSON body with Fastify's behaviour: 1 MiB cap, its errors for empty or malformed JSON. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyCapped(c.req.raw, JSON_BODY_LIMIT));
  } catch (e) {
    if (e instanceof BodyTooLarge) throw new StorageError(413, 'EntityTooLarge', 'Request body is too large', 'FastifyError');
    throw e;
  }
  if (!type.toLowerCase().includes('json')) {
    if (text === '') return {};
    throw new StorageError(415, 'InvalidMimeType', 'Invalid Content-Type header', 'invalid_mime_type');
  }
  if (text.trim() === '') throw ERR.validation("Body cannot be empty when content-type is set to 'application/json'");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ERR.invalidJsonBody();
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw ERR.validation('body must be object');
  return body as Record<string, unknown>;
}

export function requireProps(body: Record<string, unknown>, ...names: string[]): void {
  for (const n of names) if (body[n] === undefined) throw ERR.validation(`body must have required property '${n}'`);
}
