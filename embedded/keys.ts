// Per-install secrets: a random JWT secret kept in the data folder, and the
// anon and service_role API keys derived from it (as `supabase status` shows).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signJwt } from './jwt.ts';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export async function loadOrCreateKeys(dataDir: string): Promise<Keys> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'keys.json');
  let jwtSecret: string;
  if (existsSync(file)) {
    jwtSecret = JSON.parse(readFileSync(file, 'utf8')).jwtSecret;
  } else {
    jwtSecret = randomBytes(32).toString('base64url');
    writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  }
  const iat = Math.floor(Date.now() / 1000);
  const apiKey = (role: string) => signJwt({ iss: 'supabase', ref: 'embedded', role, iat, exp: iat + TEN_YEARS }, jwtSecret);
  return { jwtSecret, anonKey: await apiKey('anon'), serviceRoleKey: await apiKey('service_role') };
}
