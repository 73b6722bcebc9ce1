import type { MiddlewareHandler } from 'hono';

// As Supabase's gateway answers browsers: any origin, the client's headers.
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, content-profile, accept-profile, prefer, range, range-unit, x-upsert, x-metadata, cache-control, x-supabase-api-version, x-region',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Type, Content-Location, Location, Preference-Applied, X-Total-Count, ETag, Content-Disposition, Content-Length, Last-Modified',
  'Access-Control-Max-Age': '86400',
};

export const cors: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
  await next();
  for (const [k, v] of Object.entries(CORS_HEADERS)) if (!c.res.headers.has(k)) c.res.headers.set(k, v);
};
