// GoTrue's error answers. supabase-js sends `X-Supabase-Api-Version: 2024-01-01`,
// and GoTrue then answers `{code: "<error_code>", message}` and echoes the
// header; older clients get `{code: <status>, error_code, msg}`. Both carry
// the `x-sb-error-code` header. We answer whichever the caller asked for.
import type { Context } from 'hono';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const notFound = (code: string, msg: string) => new AuthError(404, code, msg);

export const API_VERSION = '2024-01-01';

/** True when the caller speaks API version 2024-01-01 or later. */
export function newApiVersion(c: Context): boolean {
  const v = c.req.header('x-supabase-api-version');
  return !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION;
}

export function errorResponse(c: Context, err: AuthError): Response {
  const headers: Record<string, string> = { 'x-sb-error-code': err.code };
  if (newApiVersion(c)) {
    headers['x-supabase-api-version'] = API_VERSION;
    return c.json({ code: err.code, message: err.message, ...err.extra }, err.status as 400, headers);
  }
  return c.json({ code: err.status, error_code: err.code, msg: err.message, ...err.extra }, err.status as 400, headers);
}

/** GoTrue's weak-password answer: 422 with the reasons beside the message. */
export function weakPassword(minLength: number): AuthError {
  return new AuthError(422, 'weak_password', `Password should be at least ${minLength} characters.`, {
    weak_password: { reasons: ['length'] },
  });
}
