// Errors a job can end with, and what the worker does with each.

/** No GEMINI_API_KEY: the job waits (its attempt is not counted) until a key is set. */
export class AiNotConfiguredError extends Error {
  constructor() {
    super('AI provider not configured');
    this.name = 'AiNotConfiguredError';
  }
}

/** The provider said 429: retry after its delay (seconds). */
export class RateLimitedError extends Error {
  constructor(message: string, public readonly retryAfterSeconds: number | null) {
    super(message);
    this.name = 'RateLimitedError';
  }
}

/** Retrying cannot help (an invalid URL, a missing row): the job fails now. */
export class PermanentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentError';
  }
}

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
