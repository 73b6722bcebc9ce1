// The one place the embedded stack reads its environment. Every variable is
// documented in README.md ("Configuration"); a bad value fails loudly at start.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Reads KEY=VALUE lines of a git-ignored `.env` into process.env (real env wins). */
export function loadDotEnv(file = resolve(ROOT, '.env')): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    const value = m[2].replace(/^(['"])(.*)\1$/, '$2');
    if (process.env[m[1]] === undefined) process.env[m[1]] = value;
  }
}

export interface AuthSettings {
  /** Password sign-ins per e-mail address per window (GoTrue has none per address; we add it against guessing). */
  tokenPerEmail: number;
  /** /token requests per client IP per window (GoTrue's RATE_LIMIT_TOKEN_REFRESH: 150 per 5 min). */
  tokenPerIp: number;
  tokenWindowSeconds: number;
  /** Minimum seconds between two mails to one address (GoTrue's SMTP_MAX_FREQUENCY, 60 s). */
  emailFrequencySeconds: number;
  /** Seconds a rotated refresh token may still be used (GoTrue's default 10 s). */
  refreshReuseSeconds: number;
  /** Lifetime of e-mailed links (GoTrue's MAILER_OTP_EXP, default 1 h locally). */
  otpExpirySeconds: number;
  /** PKCE flow state lifetime (GoTrue: 5 min). */
  flowStateSeconds: number;
  passwordMinLength: number;
}

export interface StackConfig {
  auth: AuthSettings;
  host: string;
  apiPort: number;
  dbPort: number;
  outboxPort: number;
  dataDir: string;
  databaseUrl?: string;
  /** Public URL of the site, used in e-mailed links (recovery). Empty: the API URL, once it is listening. */
  siteUrl: string;
  /** Extra redirect targets allowed after /verify and /authorize, comma separated. */
  redirectAllowList: string[];
  webDist: string;
  workerIntervalMs: number;
  /** OAuth providers configured (name -> client id); none by default. */
  providers: Record<string, { clientId: string; secret: string }>;
  jwtExpirySeconds: number;
  /** Believe X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  quiet: boolean;
}

function port(name: string, fallback: number, errors: string[]): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) errors.push(`${name} must be a port number (0-65535), got "${raw}"`);
  return n;
}

export function readConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const errors: string[] = [];
  const host = process.env.HOST || '127.0.0.1';
  const apiPort = port('API_PORT', 54321, errors);
  const providers: StackConfig['providers'] = {};
  for (const name of ['google', 'apple']) {
    const id = process.env[`AUTH_${name.toUpperCase()}_CLIENT_ID`];
    const secret = process.env[`AUTH_${name.toUpperCase()}_SECRET`];
    if (id && secret) providers[name] = { clientId: id, secret };
  }
  const interval = Number(process.env.WORKER_INTERVAL_MS ?? 5000);
  if (!Number.isFinite(interval) || interval < 100) errors.push(`WORKER_INTERVAL_MS must be a number >= 100, got "${process.env.WORKER_INTERVAL_MS}"`);
  const num = (name: string, fallback: number, min = 0): number => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) errors.push(`${name} must be a number >= ${min}, got "${raw}"`);
    return n;
  };
  const config: StackConfig = {
    auth: {
      tokenPerEmail: num('AUTH_RATE_LIMIT_TOKEN', 30, 1),
      tokenPerIp: num('AUTH_RATE_LIMIT_TOKEN_IP', 150, 1),
      tokenWindowSeconds: num('AUTH_RATE_LIMIT_WINDOW_SECONDS', 300, 1),
      emailFrequencySeconds: num('AUTH_EMAIL_MAX_FREQUENCY_SECONDS', 60),
      refreshReuseSeconds: num('AUTH_REFRESH_TOKEN_REUSE_INTERVAL', 10),
      otpExpirySeconds: num('AUTH_OTP_EXPIRY_SECONDS', 3600, 1),
      flowStateSeconds: 300,
      passwordMinLength: num('AUTH_PASSWORD_MIN_LENGTH', 6, 1),
    },
    host,
    apiPort,
    dbPort: port('DB_PORT', 54322, errors),
    outboxPort: port('OUTBOX_PORT', 54324, errors),
    dataDir: resolve(ROOT, process.env.DATA_DIR || '.data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    siteUrl: process.env.SITE_URL || '',
    redirectAllowList: (process.env.ADDITIONAL_REDIRECT_URLS || '').split(',').map((s) => s.trim()).filter(Boolean),
    webDist: resolve(ROOT, 'web/dist'),
    workerIntervalMs: interval,
    providers,
    jwtExpirySeconds: 3600,
    trustProxy: process.env.TRUST_PROXY === 'true',
    quiet: false,
    ...overrides,
  };
  if (errors.length) throw new Error(`Bad configuration:\n  ${errors.join('\n  ')}`);
  return config;
}
