import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

export type Claims = JWTPayload & { role?: string; [k: string]: unknown };

const enc = (secret: string) => new TextEncoder().encode(secret);

export function signJwt(claims: Claims, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(enc(secret));
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** Verifies an HS256 token; throws JwtError saying whether it expired or is invalid. */
export async function verifyJwt(token: string, secret: string): Promise<Claims> {
  try {
    const { payload } = await jwtVerify(token, enc(secret), { algorithms: ['HS256'] });
    return payload as Claims;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired');
    throw new JwtError('invalid', e instanceof Error ? e.message : 'invalid JWT');
  }
}
