// Hosts the built web app (web/dist) with an SPA fallback, plus
// /runtime-config.js: the only configuration the browser gets (API URL, anon key).
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Hono } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);

export function runtimeConfigScript(apiUrl: string, anonKey: string): string {
  return `window.__SUPABASE__ = ${JSON.stringify({ url: apiUrl, anonKey })};\n`;
}

export function webApp(dist: string, runtimeConfig: () => string): Hono {
  const distDir = resolve(dist);
  const app = new Hono();
  app.get('/runtime-config.js', (c) =>
    c.body(runtimeConfig(), 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' }),
  );
  app.get('*', (c) => {
    const index = join(distDir, 'index.html');
    if (!existsSync(index)) {
      return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const rel = normalize(decodeURIComponent(new URL(c.req.url).pathname)).replace(/^([/\\])+/, '');
    const file = join(distDir, rel);
    const inside = file.startsWith(distDir + sep);
    const isFile = inside && existsSync(file) && statSync(file).isFile();
    if (!isFile && extname(rel) && rel.startsWith('assets')) return c.text('Not found', 404);
    const target = isFile ? file : index;
    const headers: Record<string, string> = { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' };
    headers['cache-control'] = target.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
    headers.vary = 'Accept-Encoding';
    let body: Readable = createReadStream(target);
    // Text assets go gzipped, as any static host would send them.
    if (COMPRESSIBLE.has(extname(target)) && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      headers['content-encoding'] = 'gzip';
      body = body.pipe(createGzip());
    }
    return new Response(Readable.toWeb(body) as ReadableStream, { headers });
  });
  return app;
}
