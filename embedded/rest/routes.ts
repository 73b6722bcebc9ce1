// The /rest/v1 request cycle: gateway checks (API key, JWT, profile), then one
// transaction as the caller per request, then PostgREST's status and headers.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import type { Db, Queryable } from '../db/adapter.ts';
import { API_ROLES, asCaller, callerClaims } from '../http/request-role.ts';
import type { Claims } from '../jwt.ts';
import { JwtError } from '../jwt.ts';
import { RestError, toRestError } from './errors.ts';
import type { Prefer } from './parse.ts';
import { parseColumns, parsePrefer, parseRangeHeader, UnsupportedError } from './parse.ts';
import { applyParams, buildPlan } from './plan.ts';
import { callSql, chooseFunction } from './rpc.ts';
import type { SchemaCache, Table } from './schema-cache.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';
import { ident, Params, qualified, readSql, whereParts } from './sql.ts';
import { bodyRows, columnNotFound, deleteSql, insertColumns, insertSql, invalidBody, representationSql, updateSql } from './write.ts';
import { toCsv } from './csv.ts';
import { BodyTooLarge, readBodyCapped } from '../http/body.ts';

/** Larger bodies are refused with 413 before parsing (the gateway's job on Supabase). */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Media = { kind: 'json' | 'object' | 'csv'; stripNulls: boolean };

interface Req {
  c: Context;
  db: Db;
  claims: Claims;
  cache: SchemaCache;
  url: URL;
  prefer: Prefer;
  media: Media;
}

const JSON_CT = 'application/json; charset=utf-8';

function negotiate(accept: string | undefined): Media {
  if (!accept) return { kind: 'json', stripNulls: false };
  const types = accept.split(',').map((t) => t.trim());
  for (const t of types) {
    const [base, ...params] = t.split(';').map((x) => x.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (base === 'application/json' || base === '*/*' || base === 'application/*' || base === 'application/vnd.pgrst.array+json')
      return { kind: 'json', stripNulls };
    if (base === 'application/vnd.pgrst.object+json') return { kind: 'object', stripNulls };
    if (base === 'text/csv' || base === 'text/*') return { kind: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${types.join(', ')}`);
}

function singular(n: number): RestError {
  return new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`);
}

function authError(e: JwtError): RestError {
  const headers = (d: string) => ({ 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${d}"` });
  if (e.reason === 'expired') return new RestError(401, 'PGRST303', 'JWT expired', null, null, headers('JWT expired'));
  const parts = (e.message.match(/\./g)?.length ?? 0) + 1;
  const message = /signature/i.test(e.message) ? 'JWSError JWSInvalidSignature' : parts !== 3 ? `Expected 3 parts in JWT; got ${parts}` : e.message;
  return new RestError(401, 'PGRST301', message, null, null, headers(message));
}

function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(body, { status, headers });
}

function errorResponse(e: RestError): Response {
  return respond(e.status, JSON.stringify(e.body()), { 'Content-Type': JSON_CT, ...e.headers });
}

function tableOf(r: Req, name: string): Table {
  const t = r.cache.tables.get(name);
  if (!t) {
    const similar = [...r.cache.tables.keys()].find((k) => k.toLowerCase() === name.toLowerCase() || k === `${name}s` || `${k}s` === name);
    throw new RestError(
      404,
      'PGRST205',
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
      null,
      similar ? `Perhaps you meant the table '${EXPOSED_SCHEMA}.${similar}'` : null,
    );
  }
  return t;
}

/** Reads the body as UTF-8 JSON: 413 when too large, PGRST102 when not JSON. */
async function readJson(c: Context, allowEmpty: boolean): Promise<unknown> {
  const ct = (c.req.header('content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (ct !== 'application/json' && ct !== 'application/vnd.pgrst.object+json' && ct !== 'application/vnd.pgrst.object')
    throw new RestError(415, 'PGRST107', `Content-Type not acceptable: ${ct}`);
  let buf: Uint8Array;
  try {
    buf = await readBodyCapped(c.req.raw, MAX_BODY_BYTES);
  } catch (e) {
    if (e instanceof BodyTooLarge) throw new RestError(413, 'PGRST413', 'Payload Too Large', `The request body exceeds ${MAX_BODY_BYTES} bytes`);
    throw e;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw invalidBody('Empty or invalid json');
  }
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw invalidBody();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

/** Offset/limit from the query string, narrowed by a `Range` header (GET only). */
function paging(r: Req, root: { limit?: number; offset?: number }): { offset: number; limit?: number } {
  let offset = root.offset ?? 0;
  let limit = root.limit;
  if (r.c.req.method === 'GET' || r.c.req.method === 'HEAD') {
    const range = parseRangeHeader(r.c.req.header('range'));
    if (range) {
      if (range.to !== undefined && range.to < range.from)
        throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
      const end = Math.min(range.to ?? Infinity, limit !== undefined ? offset + limit - 1 : Infinity);
      offset = Math.max(offset, range.from);
      limit = end === Infinity ? undefined : Math.max(0, end - offset + 1);
    }
  }
  return { offset, limit };
}

/** 206 when a count shows the page is not the whole result, as PostgREST. */
function rangeStatus(n: number, total: number | null): number {
  return total !== null && n < total ? 206 : 200;
}

function contentRange(offset: number, n: number, total: number | null): string {
  return `${n > 0 ? `${offset}-${offset + n - 1}` : '*'}/${total ?? '*'}`;
}

async function planned(tx: Queryable, sql: string, params: string[]): Promise<number | null> {
  try {
    const r = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
    const raw = r.rows[0]?.['QUERY PLAN'];
    const plan = typeof raw === 'string' ? JSON.parse(raw) : raw;
    return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
  } catch {
    return null;
  }
}

function bodyOut(r: Req, body: string, n: number): string {
  if (r.media.kind === 'object') {
    if (n !== 1) throw singular(n);
    const arr = JSON.parse(body) as unknown[];
    return JSON.stringify(arr[0]);
  }
  if (r.media.kind === 'csv') return toCsv(JSON.parse(body) as Record<string, unknown>[]);
  return body;
}

function contentType(r: Req): string {
  if (r.media.kind === 'object') return 'application/vnd.pgrst.object+json; charset=utf-8';
  if (r.media.kind === 'csv') return 'text/csv; charset=utf-8';
  return JSON_CT;
}

// ─── GET / HEAD ──────────────────────────────────────────────────────────────

async function read(r: Req, name: string): Promise<Response> {
  tableOf(r, name);
  const root = buildPlan(r.cache, name, r.url.searchParams.get('select'));
  applyParams(root, r.url.searchParams);
  const { offset, limit } = paging(r, root);
  const count = r.prefer.count;
  const result = await asCaller(r.db, r.claims, async (tx) => {
    await tx.query('set transaction read only');
    const p = new Params();
    const sql = readSql(root, qualified(name), p, { count: count === 'exact' || count === 'estimated', stripNulls: r.media.stripNulls, limit, offset });
    const row = (await tx.query<{ body: string; n: number; total: string | null }>(sql, p.values)).rows[0];
    let total = row.total === null ? null : Number(row.total);
    if (count === 'planned') {
      const p2 = new Params();
      const w = whereParts(root, p2);
      total = await planned(tx, `select 1 from ${qualified(name)} ${ident(root.alias)}${w.length ? ` where ${w.join(' and ')}` : ''}`, p2.values);
    }
    return { body: row.body, n: Number(row.n), total };
  });
  const { n, total } = result;
  if (total !== null && offset > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null, {
      'Content-Range': `*/${total}`,
    });
  }
  const body = bodyOut(r, result.body, n);
  const status = rangeStatus(n, total);
  const headers: Record<string, string> = { 'Content-Type': contentType(r), 'Content-Range': contentRange(offset, n, total) };
  return respond(status, r.c.req.method === 'HEAD' ? null : body, headers);
}

// ─── POST / PATCH / DELETE ───────────────────────────────────────────────────

function returnMode(r: Req): NonNullable<Prefer['return']> {
  return r.prefer.return ?? 'minimal';
}

async function mutate(r: Req, name: string): Promise<Response> {
  const method = r.c.req.method;
  const table = tableOf(r, name);
  const root = buildPlan(r.cache, name, r.url.searchParams.get('select'));
  applyParams(root, r.url.searchParams, { mutation: true });
  const mode = returnMode(r);
  const wantRows = mode === 'representation' || (mode === 'headers-only' && method === 'POST');
  const p = new Params();
  let statement: string;
  const applied: string[] = [];
  if (method === 'POST') {
    const rows = bodyRows(await readJson(r.c, false));
    const columnsParam = r.url.searchParams.get('columns');
    const columns = insertColumns(table, rows, columnsParam !== null ? parseColumns(columnsParam) : undefined);
    let onConflict: { columns: string[]; action: 'merge' | 'ignore' } | undefined;
    if (r.prefer.resolution) {
      const oc = r.url.searchParams.get('on_conflict');
      const cols = oc !== null ? parseColumns(oc) : table.pk;
      for (const col of cols) if (!table.columns.has(col)) throw columnNotFound(name, col);
      if (!cols.length) throw new UnsupportedError(`Upsert on '${name}' needs on_conflict: the table has no primary key`);
      onConflict = { columns: cols, action: r.prefer.resolution === 'merge-duplicates' ? 'merge' : 'ignore' };
      applied.push(`resolution=${r.prefer.resolution}`);
    }
    if (r.prefer.missing === 'default') applied.push('missing=default');
    statement = insertSql(table, p, JSON.stringify(rows), { columns, missingDefault: r.prefer.missing === 'default', onConflict, returning: wantRows });
  } else if (method === 'PATCH') {
    const body = await readJson(r.c, true);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidBody();
    const columns = Object.keys(body);
    for (const col of columns) if (!table.columns.has(col)) throw columnNotFound(name, col);
    // PostgREST answers an empty PATCH as one that matched nothing.
    statement = columns.length ? updateSql(root, table, p, JSON.stringify(body), columns, wantRows) : `select ${ident(name)}.* from ${qualified(name)} ${ident(name)} where false`;
  } else {
    statement = deleteSql(root, table, p, wantRows);
  }
  if (mode !== 'minimal') applied.push(`return=${mode}`);
  const out = await asCaller(r.db, r.claims, async (tx) => {
    if (!wantRows) {
      const res = await tx.query(statement, p.values);
      return { body: '', n: res.affectedRows ?? 0, pk: [] as Record<string, unknown>[] };
    }
    const sql = representationSql(statement, root, p, r.media.stripNulls);
    const row = (await tx.query<{ body: string; n: number }>(sql, p.values)).rows[0];
    const n = Number(row.n);
    // A singular request that does not hit one row changes nothing (PostgREST rolls back).
    if (r.media.kind === 'object' && mode === 'representation' && n !== 1) throw singular(n);
    return { body: row.body, n, pk: mode === 'headers-only' ? (JSON.parse(row.body) as Record<string, unknown>[]) : [] };
  });
  const total = r.prefer.count ? String(out.n) : '*';
  // As PostgREST: an update reports the range of rows it touched, inserts and deletes only the total.
  const headers: Record<string, string> = { 'Content-Range': `${method === 'PATCH' && out.n > 0 ? `0-${out.n - 1}` : '*'}/${total}` };
  if (applied.length) headers['Preference-Applied'] = applied.join(', ');
  const created = method === 'POST';
  if (mode === 'headers-only' && created && out.pk[0] && table.pk.length) {
    headers.Location = `/${name}?${table.pk.map((k) => `${k}=eq.${encodeURIComponent(String(out.pk[0][k]))}`).join('&')}`;
  }
  if (mode === 'representation') {
    headers['Content-Type'] = contentType(r);
    return respond(created ? 201 : 200, bodyOut(r, out.body, out.n), headers);
  }
  return respond(created ? 201 : 204, null, headers);
}

// ─── RPC ─────────────────────────────────────────────────────────────────────

async function rpc(r: Req, name: string): Promise<Response> {
  const method = r.c.req.method;
  const isPost = method === 'POST';
  if (!isPost && method !== 'GET' && method !== 'HEAD') throw new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  const overloads = r.cache.functions.get(name) ?? [];
  const paramNames = new Set(overloads.flatMap((f) => f.params.map((p) => p.name)));
  let args: Record<string, unknown> = {};
  const filters = new URLSearchParams();
  if (isPost) {
    const body = await readJson(r.c, true);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidBody();
    args = body as Record<string, unknown>;
    for (const [k, v] of r.url.searchParams) filters.append(k, v);
  } else {
    for (const [k, v] of r.url.searchParams) {
      if (paramNames.has(k)) args[k] = v;
      else filters.append(k, v);
    }
  }
  const keys = Object.keys(args);
  const fn = chooseFunction(r.cache, name, keys, isPost);
  const out = await asCaller(r.db, r.claims, async (tx) => {
    if (!isPost) await tx.query('set transaction read only');
    const p = new Params();
    const from = callSql(fn, keys, p, JSON.stringify(args));
    if (fn.returns === 'void') {
      await tx.query(`select from ${from}`, p.values);
      return null;
    }
    if (fn.returns === 'scalar') {
      const sql = fn.returnsSet
        ? `select coalesce(json_agg("_f"), '[]')::text as body, count(*)::int as n from ${from}`
        : `select to_json("_f")::text as body, 1 as n from ${from}`;
      const row = (await tx.query<{ body: string; n: number }>(sql, p.values)).rows[0];
      return { body: row?.body ?? 'null', n: Number(row?.n ?? 0), total: null as number | null, scalar: true };
    }
    const root = buildPlan(r.cache, name, filters.get('select'));
    applyParams(root, filters);
    const { offset, limit } = paging(r, root);
    const sql = readSql(root, `(select "_f".* from ${from})`, p, { count: !!r.prefer.count, stripNulls: r.media.stripNulls, limit, offset });
    const row = (await tx.query<{ body: string; n: number; total: string | null }>(sql, p.values)).rows[0];
    return { body: row.body, n: Number(row.n), total: row.total === null ? null : Number(row.total), scalar: false, offset };
  });
  if (out === null) return respond(204, null, {});
  let body = out.body;
  if (!out.scalar && !fn.returnsSet) {
    // A function returning one row answers an object, as PostgREST does.
    body = JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null);
  } else if (!out.scalar) body = bodyOut(r, body, out.n);
  else if (r.media.kind === 'object' && fn.returnsSet) body = bodyOut(r, body, out.n);
  const headers: Record<string, string> = { 'Content-Type': out.scalar || fn.returnsSet ? contentType(r) : JSON_CT };
  if (fn.returnsSet) headers['Content-Range'] = contentRange((out as { offset?: number }).offset ?? 0, out.n, out.total);
  return respond(fn.returnsSet ? rangeStatus(out.n, out.total) : 200, method === 'HEAD' ? null : body, headers);
}

// ─── wiring ──────────────────────────────────────────────────────────────────

export function restApp(ctx: StackContext, getCache: () => Promise<SchemaCache>): Hono {
  const app = new Hono();
  const handle = (kind: 'table' | 'rpc' | 'root') => async (c: Context) => {
    let role = 'anon';
    try {
      const url = new URL(c.req.url);
      const headers = c.req.raw.headers;
      const urlKey = url.searchParams.get('apikey');
      if (!headers.get('apikey') && !headers.get('authorization') && !urlKey) {
        return respond(401, JSON.stringify({ message: 'No API key found in request' }), { 'Content-Type': JSON_CT });
      }
      let claims: Claims;
      try {
        claims = await callerClaims(headers, ctx.keys.jwtSecret, urlKey);
      } catch (e) {
        if (e instanceof JwtError) throw authError(e);
        throw e;
      }
      role = claims.role ?? 'anon';
      if (!API_ROLES.has(role)) throw new RestError(401, 'PGRST301', `JWT role "${role}" is not allowed: expected one of ${[...API_ROLES].join(', ')}`);
      const method = c.req.method;
      const profile = method === 'GET' || method === 'HEAD' ? c.req.header('accept-profile') : c.req.header('content-profile');
      if (profile !== undefined && profile !== EXPOSED_SCHEMA) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
      const cache = await getCache();
      const r: Req = { c, db: ctx.db, claims, cache, url, prefer: parsePrefer(c.req.raw.headers.get('prefer') ? [c.req.raw.headers.get('prefer')!] : []), media: negotiate(c.req.header('accept')) };
      if (kind === 'root') {
        const paths = Object.fromEntries([...cache.tables.keys()].map((t) => [`/${t}`, {}]));
        return respond(200, JSON.stringify({ swagger: '2.0', info: { title: 'PostgREST API', version: '12' }, basePath: '/', paths }), { 'Content-Type': 'application/openapi+json; charset=utf-8' });
      }
      const name = c.req.param('name') ?? '';
      if (kind === 'rpc') return await rpc(r, name);
      if (method === 'GET' || method === 'HEAD') return await read(r, name);
      if (method === 'POST' || method === 'PATCH' || method === 'DELETE') return await mutate(r, name);
      if (method === 'PUT') throw new UnsupportedError('PUT (single-row upsert) is not supported; use POST with Prefer: resolution=merge-duplicates');
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
    } catch (e) {
      if (e instanceof UnsupportedError) return errorResponse(new RestError(400, 'PGRST127', 'Feature not implemented', e.message));
      const err = toRestError(e, role !== 'anon');
      if (err.status >= 500) ctx.log(`rest: ${c.req.method} ${c.req.path}: ${e instanceof Error ? (e.stack ?? e.message) : e}`);
      return errorResponse(err);
    }
  };
  app.all('/rpc/:name', handle('rpc'));
  app.all('/:name', handle('table'));
  app.all('/', handle('root'));
  return app;
}
