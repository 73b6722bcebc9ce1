// Text generation through @google/genai. Model, key and base URL from the
// environment; at most AI_CONCURRENCY (5) calls in flight per process.
import { ApiError, GoogleGenAI } from '@google/genai';
import { aiEnv } from './env.ts';
import { AiNotConfiguredError, RateLimitedError } from './errors.ts';
import { Limiter } from './limiter.ts';

let limiter: Limiter | null = null;
/** The shared limiter of model calls (exported for tests and benches). */
export function aiLimiter(): Limiter {
  const { concurrency } = aiEnv();
  if (!limiter) limiter = new Limiter(concurrency);
  limiter.limit = concurrency;
  return limiter;
}

export function aiConfigured(): boolean {
  return aiEnv().apiKey !== undefined;
}

export function aiModel(): string {
  return aiEnv().model;
}

/** "7s" / "1.5s" / {seconds, nanos} → seconds. */
export function parseRetryDelay(value: unknown): number | null {
  if (typeof value === 'string') {
    const m = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
    return m ? Number(m[1]) : null;
  }
  if (value && typeof value === 'object') {
    const v = value as { seconds?: unknown; nanos?: unknown };
    const s = Number(v.seconds ?? 0) + Number(v.nanos ?? 0) / 1e9;
    return Number.isFinite(s) ? s : null;
  }
  return null;
}

/** The RetryInfo delay inside a Google API error body (as the SDK puts it in the message). */
export function retryDelayFromError(message: string): number | null {
  try {
    const body = JSON.parse(message) as { error?: { details?: Array<Record<string, unknown>> } };
    for (const d of body.error?.details ?? []) {
      if (String(d['@type'] ?? '').endsWith('google.rpc.RetryInfo')) return parseRetryDelay(d.retryDelay);
    }
  } catch {
    // not JSON
  }
  return null;
}

function errorText(message: string): string {
  try {
    const body = JSON.parse(message) as { error?: { message?: string; status?: string } };
    if (body.error?.message) return `${body.error.status ?? 'error'}: ${body.error.message}`;
  } catch {
    // not JSON
  }
  return message;
}

/** One non-streaming generate-content call; returns the answer's text. */
export async function generateText(prompt: string): Promise<string> {
  const env = aiEnv();
  if (!env.apiKey) throw new AiNotConfiguredError();
  const ai = new GoogleGenAI({ apiKey: env.apiKey, httpOptions: env.baseUrl ? { baseUrl: env.baseUrl } : undefined });
  return aiLimiter().run(async () => {
    try {
      const res = await ai.models.generateContent({ model: env.model, contents: prompt });
      return res.text ?? '';
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.status === 429) throw new RateLimitedError(`Gemini rate limit: ${errorText(e.message)}`, retryDelayFromError(e.message));
        throw new Error(`Gemini error ${e.status}: ${errorText(e.message)}`);
      }
      throw new Error(`Gemini request failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
