// /functions/v1/{name}: runs the same handler modules the Edge Functions
// deploy (functions/{name}/handler.ts, a Web Request → Response function),
// verifying the JWT first unless supabase/config.toml sets verify_jwt = false.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { parse } from 'smol-toml';
import type { StackContext } from '../context.ts';
import { verifyJwt } from '../jwt.ts';

export type FunctionHandler = (req: Request) => Response | Promise<Response>;

export interface FunctionsOptions {
  functionsDir: string;
  configToml: string;
}

/** verify_jwt per function from config.toml; true unless it says false. */
export function readVerifyJwt(configToml: string): Record<string, boolean> {
  if (!existsSync(configToml)) return {};
  const doc = parse(readFileSync(configToml, 'utf8')) as { functions?: Record<string, { verify_jwt?: boolean }> };
  return Object.fromEntries(Object.entries(doc.functions ?? {}).map(([name, f]) => [name, f.verify_jwt !== false]));
}

const fnError = (status: number, message: string) => Response.json({ code: status, message }, { status });

export function functionsRoutes(ctx: StackContext, opts: FunctionsOptions) {
  const verify = readVerifyJwt(opts.configToml);
  const loaded = new Map<string, Promise<FunctionHandler>>();

  function load(name: string): Promise<FunctionHandler> | null {
    if (!/^[a-z0-9][a-z0-9_-]*$/.test(name) || name.startsWith('_')) return null;
    const file = join(opts.functionsDir, name, 'handler.ts');
    if (!existsSync(file)) return null;
    if (!loaded.has(name)) loaded.set(name, import(pathToFileURL(file).href).then((m) => m.default as FunctionHandler));
    return loaded.get(name)!;
  }

  /** Calls a function in-process, as the worker loop does. */
  async function invoke(name: string, req: Request): Promise<Response> {
    const handler = load(name);
    if (!handler) return fnError(404, 'Requested function was not found');
    const url = new URL(req.url);
    // Inside the function the path starts at its name, as on the edge runtime.
    const inner = new Request(`${ctx.apiUrl}${url.pathname.replace(/^\/functions\/v1/, '')}${url.search}`, req);
    try {
      return await (await handler)(inner);
    } catch (e) {
      ctx.log(`function ${name} crashed: ${e instanceof Error ? e.stack : e}`);
      return fnError(500, 'Internal Server Error');
    }
  }

  const app = new Hono();
  app.all('/:name/*', (c) => handle(c.req.param('name'), c.req.raw));
  app.all('/:name', (c) => handle(c.req.param('name'), c.req.raw));

  async function handle(name: string, req: Request): Promise<Response> {
    if (!load(name)) return fnError(404, 'Requested function was not found');
    if (verify[name] !== false && req.method !== 'OPTIONS') {
      const m = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '');
      if (!m) return fnError(401, 'Missing authorization header');
      try {
        await verifyJwt(m[1], ctx.keys.jwtSecret);
      } catch {
        return fnError(401, 'Invalid JWT');
      }
    }
    return invoke(name, req);
  }

  return { app, invoke, has: (name: string) => load(name) !== null };
}
