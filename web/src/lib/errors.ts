/** Turns anything thrown by supabase-js (or our code) into a message. */
export function messageOf(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const m = (error as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** An error whose message is meant for the person (a spec text). */
export class UserFacingError extends Error {
  constructor(message: string, public readonly code?: string) {
    super(message);
    this.name = 'UserFacingError';
  }
}

/** Escapes % , _ and \ for an ilike pattern and wraps it for "contains". */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** PostgREST's or/and filter values need commas, parentheses and quotes escaped. */
export function quoteFilterValue(v: string): string {
  return `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
