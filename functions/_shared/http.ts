// CORS, JSON answers and errors with the right status codes.
import { ConfigError } from './env.ts';

export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-worker-secret',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  });
}

/** An error the caller should see: status, a stable code and a readable message. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'validation_failed') => new HttpError(400, code, message);

export function errorResponse(e: unknown): Response {
  if (e instanceof HttpError) {
    return json({ error: { code: e.code, message: e.message, ...e.extra } }, e.status);
  }
  if (e instanceof ConfigError) {
    console.error(e.message);
    return json({ error: { code: 'server_misconfigured', message: e.message } }, 500);
  }
  console.error(e);
  return json({ error: { code: 'internal_error', message: 'Internal Server Error' } }, 500);
}

/** Wraps a handler: answers CORS preflight, allows POST only, maps thrown errors. */
export function handler(fn: (req: Request) => Promise<Response>): (req: Request) => Promise<Response> {
  return async (req: Request) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    if (req.method !== 'POST') return errorResponse(new HttpError(405, 'method_not_allowed', 'Use POST'));
    try {
      return await fn(req);
    } catch (e) {
      return errorResponse(e);
    }
  };
}

/** The JSON body as an object (400 when it is not one). */
export async function readBody(req: Request): Promise<Record<string, unknown>> {
  const text = await req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body must be JSON', 'invalid_json');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('The request body must be a JSON object', 'invalid_json');
  return body as Record<string, unknown>;
}

/** A positive integer id from a body field (numbers or numeric strings, as the seed sends eventId). */
export function idField(body: Record<string, unknown>, name: string): number {
  const raw = body[name];
  const n = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) throw badRequest(`${name} must be a positive integer`);
  return n;
}

/** Job errors met by a function called directly: the status that says what happened. */
export function jobError(e: unknown): never {
  const name = e instanceof Error ? e.name : '';
  const message = e instanceof Error ? e.message : String(e);
  if (e instanceof HttpError) throw e;
  if (name === 'AiNotConfiguredError') throw new HttpError(503, 'ai_not_configured', message);
  if (name === 'RateLimitedError') {
    const retry = (e as { retryAfterSeconds?: number | null }).retryAfterSeconds;
    throw new HttpError(429, 'rate_limited', message, retry ? { retry_after_seconds: retry } : {});
  }
  if (name === 'PermanentError') throw new HttpError(422, 'unprocessable', message);
  if (name === 'ConfigError') throw e;
  throw new HttpError(502, 'upstream_failed', message);
}
