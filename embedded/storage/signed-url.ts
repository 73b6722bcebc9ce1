// Signed download URLs: a JWT signed with the stack's secret carrying the
// object's `bucket/key` as `url`, scoped to download, with an expiry — the
// token Storage's signObjectUrl issues and verifyObjectSignature checks.
import { errors, jwtVerify, SignJWT } from 'jose';
import { ERR } from './errors.ts';

const enc = (secret: string) => new TextEncoder().encode(secret);

export function signObjectUrl(bucket: string, key: string, expiresIn: number, secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ url: `${bucket}/${key}`, scope: 'download' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(enc(secret));
}

export function signedPath(bucket: string, key: string, token: string): string {
  return `/object/sign/${bucket}/${key}?token=${token}`;
}

/** Verifies a token for bucket/key; throws Storage's InvalidJWT / InvalidSignature errors. */
export async function verifyObjectToken(token: string, bucket: string, key: string, secret: string): Promise<{ url: string; exp: number }> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, enc(secret), { algorithms: ['HS256'] }));
  } catch (e) {
    // jose's own messages ('"exp" claim timestamp check failed', 'signature
    // verification failed', 'Invalid Compact JWS') are what Storage returns.
    throw ERR.invalidJwt(e instanceof errors.JOSEError ? e.message : 'Invalid JWT');
  }
  const scope = payload.scope;
  const isDownload = scope === 'download' || (scope === undefined && !('upsert' in payload));
  if (!isDownload) throw ERR.invalidSignature('Token is not scoped for download');
  if (payload.url !== `${bucket}/${key}`) throw ERR.invalidSignature();
  const exp = Number(payload.exp);
  if (!Number.isFinite(exp) || exp * 1000 < Date.now()) throw ERR.expiredSignature();
  return { url: String(payload.url), exp };
}
