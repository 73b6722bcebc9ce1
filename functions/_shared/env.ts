// The one place the functions read their environment: Deno.env on the edge
// runtime, process.env under the embedded (Node) stack. Read at call time, so
// a key set later (a new secret, a test) is seen without a restart.

type DenoLike = { env: { get(name: string): string | undefined } };
type ProcessLike = { env: Record<string, string | undefined> };

export function readEnv(name: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoLike }).Deno;
  let value: string | undefined;
  if (deno) {
    try {
      value = deno.env.get(name);
    } catch {
      value = undefined; // no --allow-env for this name
    }
  } else {
    value = (globalThis as { process?: ProcessLike }).process?.env[name];
  }
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A variable the function cannot work without: fails loudly, naming it. */
export function requireEnv(name: string): string {
  const value = readEnv(name);
  if (value === undefined) throw new ConfigError(`Missing environment variable ${name}`);
  return value;
}

export function intEnv(name: string, fallback: number, min = 1): number {
  const raw = readEnv(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}

/** The platform variables every function needs (set by Supabase and by the embedded stack). */
export function platformEnv() {
  return {
    url: requireEnv('SUPABASE_URL'),
    anonKey: requireEnv('SUPABASE_ANON_KEY'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  };
}

/** Defaults: a current Flash model; Google's endpoints. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';
export const DEFAULT_YOUTUBE_BASE_URL = 'https://www.googleapis.com';

export function aiEnv() {
  return {
    apiKey: readEnv('GEMINI_API_KEY'),
    model: readEnv('GEMINI_MODEL') ?? DEFAULT_GEMINI_MODEL,
    baseUrl: readEnv('GEMINI_BASE_URL'),
    concurrency: intEnv('AI_CONCURRENCY', 5),
  };
}

export function youtubeEnv() {
  return {
    apiKey: readEnv('YOUTUBE_API_KEY'),
    baseUrl: (readEnv('YOUTUBE_BASE_URL') ?? DEFAULT_YOUTUBE_BASE_URL).replace(/\/+$/, ''),
  };
}
