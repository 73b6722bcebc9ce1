// translate: fills the 13 non-English languages of one category, event or
// person. Only languages that are not human-locked and whose source hash
// differs from English are sent; one model call per language with all fields
// as one JSON object; each language is upserted as soon as it is done.
import { aiModel, generateText } from '../ai.ts';
import { AiNotConfiguredError, RateLimitedError, errorMessage } from '../errors.ts';
import { mapLimit } from '../limiter.ts';
import { parseTranslation } from '../model-json.ts';
import { sanitizeHtml } from '../sanitize.ts';
import { check, type Db } from './types.ts';

export type TranslatableEntity = 'categories' | 'events' | 'people';

export const TRANSLATION_TABLES: Record<TranslatableEntity, { table: string; key: string; fields: string[] }> = {
  categories: { table: 'category_translations', key: 'category_id', fields: ['name', 'description'] },
  events: { table: 'event_translations', key: 'event_id', fields: ['title', 'description', 'content'] },
  people: { table: 'people_translations', key: 'people_id', fields: ['profession', 'biography'] },
};

/** Fields that hold rich-text HTML: the model's answer for them is sanitised like the English story. */
export const HTML_FIELDS = new Set(['content', 'biography']);

export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English', es: 'Spanish', fr: 'French', ar: 'Arabic', zh: 'Chinese (Simplified)', hi: 'Hindi',
  pt: 'Portuguese (European)', pt_BR: 'Portuguese (Brazil)', ru: 'Russian', ja: 'Japanese', ko: 'Korean',
  de: 'German', tr: 'Turkish', sw: 'Swahili',
};

export function translationPrompt(language: string, source: Record<string, string>): string {
  const name = LANGUAGE_NAMES[language] ?? language;
  return [
    `Translate the values of this JSON object from English into ${name} (language code ${language}).`,
    'Answer with one JSON object only, with exactly the same keys, each value a string.',
    'Keep proper names (people, places, organisations) and dates as they are written; keep numbers.',
    'Some values are HTML: keep every tag and attribute exactly, translate only the text between tags.',
    '',
    JSON.stringify(source),
  ].join('\n');
}

export interface TranslateResult {
  written: string[];
  skipped: string[];
  failed: Record<string, string>;
}

export function isTranslatable(entity: unknown): entity is TranslatableEntity {
  return entity === 'categories' || entity === 'events' || entity === 'people';
}

/**
 * Translates what needs translating. Throws (after writing what succeeded)
 * when any language failed, so the job is retried for the rest.
 * finalAttempt: failed languages are marked failed instead of pending.
 */
export async function translateEntity(db: Db, entity: TranslatableEntity, id: number, finalAttempt = false): Promise<TranslateResult> {
  const cfg = TRANSLATION_TABLES[entity];
  const rows = check(
    await db.from(cfg.table).select(`language_code, source_hash, status, human_edited, attempts, ${entity === 'events' ? 'content_sanitized, ' : ''}${cfg.fields.join(', ')}`).eq(cfg.key, id),
    `read ${cfg.table}`,
  ) as unknown as Array<Record<string, unknown>>;
  const en = rows.find((r) => r.language_code === 'en');
  if (!en) return { written: [], skipped: [], failed: {} }; // nothing to translate yet (the entity's English row is missing or deleted)
  // A story still in quarantine (staff changed it, the story step has not sanitised it yet) is not sent:
  // the story step queues translation again when it is done.
  if (entity === 'events' && en.content_sanitized === false) return { written: [], skipped: [], failed: {} };
  const languages = check(await db.from('languages').select('code').order('position'), 'read languages') as Array<{ code: string }>;

  const source: Record<string, string> = {};
  for (const f of cfg.fields) {
    const v = en[f];
    if (typeof v === 'string' && v.trim() !== '') source[f] = v;
  }
  const keys = Object.keys(source);
  const byLang = new Map(rows.map((r) => [r.language_code as string, r]));
  const todo: string[] = [];
  const skipped: string[] = [];
  for (const { code } of languages) {
    if (code === 'en') continue;
    const row = byLang.get(code);
    if (row?.human_edited) skipped.push(code);
    else if (row && row.source_hash === en.source_hash && row.status === 'done') skipped.push(code);
    else todo.push(code);
  }
  const result: TranslateResult = { written: [], skipped, failed: {} };
  if (todo.length === 0) return result;

  const model = aiModel();
  const errors: unknown[] = [];
  await mapLimit(todo, 5, async (code) => {
    try {
      let values: Record<string, string> = {};
      if (keys.length) values = parseTranslation(await generateText(translationPrompt(code, source)), keys);
      const row: Record<string, unknown> = {
        [cfg.key]: id,
        language_code: code,
        status: 'done',
        source_hash: en.source_hash,
        translated_at: new Date().toISOString(),
        model,
        attempts: 0,
        last_error: null,
      };
      for (const f of cfg.fields) row[f] = values[f] === undefined ? null : HTML_FIELDS.has(f) ? sanitizeHtml(values[f]) : values[f];
      check(await db.from(cfg.table).upsert(row, { onConflict: `${cfg.key},language_code` }), `write ${cfg.table}`);
      result.written.push(code);
    } catch (e) {
      errors.push(e);
      result.failed[code] = errorMessage(e);
      if (!(e instanceof AiNotConfiguredError)) {
        const prev = Number(byLang.get(code)?.attempts ?? 0);
        await db
          .from(cfg.table)
          .update({ last_error: errorMessage(e), attempts: prev + 1, status: finalAttempt && !(e instanceof RateLimitedError) ? 'failed' : byLang.get(code)?.status === 'stale' ? 'stale' : 'pending' })
          .eq(cfg.key, id)
          .eq('language_code', code)
          .eq('human_edited', false);
      }
    }
  });
  if (errors.length) {
    // The job's error: a missing key first (the job waits), then a rate limit (its delay), else the first error.
    const notConfigured = errors.find((e) => e instanceof AiNotConfiguredError);
    if (notConfigured) throw notConfigured;
    const limited = errors.filter((e): e is RateLimitedError => e instanceof RateLimitedError);
    if (limited.length) {
      const delays = limited.map((e) => e.retryAfterSeconds).filter((d): d is number => d !== null);
      throw new RateLimitedError(limited[0].message, delays.length ? Math.max(...delays) : null);
    }
    const first = Object.entries(result.failed)[0];
    throw new Error(`${first[1]} (${Object.keys(result.failed).length} of ${todo.length} languages failed: ${Object.keys(result.failed).join(', ')})`);
  }
  return result;
}
