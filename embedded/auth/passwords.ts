// bcrypt as GoTrue uses it (cost 10). bcryptjs also checks the `$2a$` hashes
// pgcrypto's crypt(pw, gen_salt('bf')) makes, which seed.sql relies on.
import bcrypt from 'bcryptjs';
import { badRequest, weakPassword } from './errors.ts';
import type { AuthSettings } from './settings.ts';

export const hashPassword = (password: string) => bcrypt.hash(password, 10);

export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

/** GoTrue's checkPasswordStrength, length rule only (no required characters configured). Go's len() counts bytes. */
export function checkStrength(password: string, settings: AuthSettings): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > 72) throw badRequest('validation_failed', 'Password cannot be longer than 72 characters');
  if (bytes < settings.passwordMinLength) throw weakPassword(settings.passwordMinLength);
}
