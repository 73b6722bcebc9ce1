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

export interface StackConfig {
  host: string;
  apiPort: number;
  dbPort: number;
  outboxPort: number;
  dataDir: string;
  databaseUrl?: string;
  /** Public URL of the site, used in e-mailed links (recovery). */
  siteUrl: string;
  /** Extra redirect targets allowed after /verify and /authorize, comma separated. */
  redirectAllowList: string[];
  webDist: string;
  workerIntervalMs: number;
  /** OAuth providers configured (name -> client id); none by default. */
  providers: Record<string, { clientId: string; secret: string }>;
  jwtExpirySeconds: number;
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
  const config: StackConfig = {
    host,
    apiPort,
    dbPort: port('DB_PORT', 54322, errors),
    outboxPort: port('OUTBOX_PORT', 54324, errors),
    dataDir: resolve(ROOT, process.env.DATA_DIR || '.data'),
    databaseUrl: process.env.DATABASE_URL || undefined,
    siteUrl: process.env.SITE_URL || `http://${host}:${apiPort}`,
    redirectAllowList: (process.env.ADDITIONAL_REDIRECT_URLS || '').split(',').map((s) => s.trim()).filter(Boolean),
    webDist: resolve(ROOT, 'web/dist'),
    workerIntervalMs: interval,
    providers,
    jwtExpirySeconds: 3600,
    quiet: false,
    ...overrides,
  };
  if (errors.length) throw new Error(`Bad configuration:\n  ${errors.join('\n  ')}`);
  return config;
}
