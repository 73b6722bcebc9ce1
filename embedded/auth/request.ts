// Reading what the client sent, with GoTrue's answers for bad input.
import type { Context } from 'hono';
import { BodyTooLarge, readBodyCapped } from '../http/body.ts';
import { AuthError, badRequest } from './errors.ts';

/** GoTrue's limitRequestBody: 1 MB, then 413 request_entity_too_large. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The JSON body as an object; an empty body counts as `{}` as in GoTrue. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyCapped(c.req.raw, MAX_BODY_BYTES));
  } catch (e) {
    if (e instanceof BodyTooLarge) throw new AuthError(413, 'request_entity_too_large', 'Request body too large');
    throw e;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(e as Error).message}`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: json: cannot unmarshal into Go value of type object');
  }
  return parsed as Record<string, unknown>;
}

/** A string field, or '' when absent; anything else is a JSON type error, as Go reports it. */
export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${typeof v} into Go struct field .${key} of type string`);
  return v;
}

/** An object field (metadata), or undefined. */
export function obj(body: Record<string, unknown>, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest('bad_json', `Could not parse request body as JSON: json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go struct field .${key} of type map[string]interface {}`);
  return v as Record<string, unknown>;
}

const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** GoTrue's validateEmail: required, <= 255 chars, well formed; lower-cased. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL.test(email)) throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/**
 * The caller's address. X-Forwarded-For is anyone's to write, so it counts
 * only behind a proxy the operator vouches for (TRUST_PROXY=true).
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  const fwd = trustProxy ? c.req.header('x-forwarded-for') : undefined;
  if (fwd) return fwd.split(',')[0].trim();
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
