// PostgREST-shaped errors: every failure leaves as {code, message, details, hint}
// with the HTTP status PostgREST would give (docs: references/errors).
import { isPgError } from '../db/adapter.ts';

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PGRST100: the query string does not follow the grammar. */
export const parseError = (message: string, details: string | null = null) => new RestError(400, 'PGRST100', message, details);

/** SQLSTATE → HTTP status, as PostgREST's table maps them. */
export function statusForSqlState(code: string, authenticated: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (code in exact) return exact[code];
  if (code === '42501') return authenticated ? 403 : 401;
  const prefix: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500,
    '3B': 500, '40': 500, '53': 503, '54': 500, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  };
  return prefix[code.slice(0, 2)] ?? 400;
}

/** Any thrown value → RestError; Postgres errors keep their SQLSTATE and texts. */
export function toRestError(e: unknown, authenticated: boolean): RestError {
  if (e instanceof RestError) return e;
  if (isPgError(e) && /^[0-9A-Z]{5}$/.test(e.code!)) {
    const status = statusForSqlState(e.code!, authenticated);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new RestError(status, e.code!, e.message, e.detail ?? null, e.hint ?? null, headers);
  }
  return new RestError(500, 'PGRSTX00', e instanceof Error ? e.message : String(e));
}
