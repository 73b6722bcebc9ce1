// Who is calling Storage. A token that does not verify is refused with
// Storage's AccessDenied (HTTP 400, statusCode "403", error "Unauthorized",
// message from the JWT library) — except on the routes Storage marks
// allowInvalidJwt (GET/HEAD /object/{bucket}/{key}, /object/info/…), where the
// caller simply becomes an unauthenticated anon.
import type { Claims } from '../jwt.ts';
import { JwtError } from '../jwt.ts';
import { API_ROLES, callerClaims } from '../http/request-role.ts';
import { ERR } from './errors.ts';

export interface Caller {
  claims: Claims;
  /** True when a JWT was sent and verified (Storage's request.isAuthenticated). */
  authenticated: boolean;
  /** The JWT sub: the owner recorded on uploaded objects. */
  owner?: string;
}

export async function getCaller(headers: Headers, jwtSecret: string, allowInvalid = false): Promise<Caller> {
  let claims: Claims;
  try {
    claims = await callerClaims(headers, jwtSecret);
  } catch (e) {
    if (allowInvalid) return { claims: { role: 'anon' }, authenticated: false };
    if (e instanceof JwtError) {
      // jose's wording, which Storage passes through.
      throw ERR.accessDenied(e.reason === 'expired' ? '"exp" claim timestamp check failed' : e.message);
    }
    throw e;
  }
  const sentToken = headers.has('authorization') || headers.has('apikey');
  if (!API_ROLES.has(String(claims.role))) throw ERR.accessDenied('Access denied: Invalid role', 403);
  return { claims, authenticated: sentToken, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
}
