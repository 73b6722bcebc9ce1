// Parsing the model's JSON answers.

/** Removes a Markdown code fence (```json ... ```) around an answer. */
export function stripFence(text: string): string {
  const t = text.trim();
  const m = /^```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)\r?\n?[ \t]*```$/.exec(t);
  return (m ? m[1] : t).trim();
}

/**
 * The answer as an object with exactly the keys asked for, each a string.
 * 'Invalid JSON from Gemini' when it does not parse to an object.
 */
export function parseTranslation(text: string, keys: string[]): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(stripFence(text));
  } catch {
    throw new Error('Invalid JSON from Gemini');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('Invalid JSON from Gemini');
  const obj = value as Record<string, unknown>;
  const missing = keys.filter((k) => !(k in obj));
  const extra = Object.keys(obj).filter((k) => !keys.includes(k));
  if (missing.length || extra.length) {
    const parts = [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `extra ${extra.join(', ')}` : ''].filter(Boolean);
    throw new Error(`Gemini answer has wrong keys (${parts.join('; ')})`);
  }
  const out: Record<string, string> = {};
  for (const k of keys) {
    if (typeof obj[k] !== 'string') throw new Error(`Gemini answer has a non-text value for ${k}`);
    out[k] = obj[k] as string;
  }
  return out;
}
