import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from '@/config/constants';

/** The state columns every *_translations row carries. */
export const TranslationStateSchema = z.object({
  language_code: z.string(),
  status: z.enum(['pending', 'done', 'failed', 'stale']),
  human_edited: z.boolean().default(false),
  last_error: z.string().nullish(),
  attempts: z.number().nullish(),
});
export type TranslationState = z.infer<typeof TranslationStateSchema>;

/** What the console shows: a human-edited language is 'locked' whatever its status. */
export type DisplayState = 'pending' | 'done' | 'failed' | 'stale' | 'locked' | 'missing';

export function displayState(t: Pick<TranslationState, 'status' | 'human_edited'> | undefined): DisplayState {
  if (!t) return 'missing';
  return t.human_edited ? 'locked' : t.status;
}

export function anyInProgress(rows: Array<Pick<TranslationState, 'status' | 'human_edited'>>): boolean {
  return rows.some((r) => !r.human_edited && (r.status === 'pending' || r.status === 'stale'));
}

/** The 14 languages in order, each with its row (if any). */
export function byLanguage<T extends { language_code: string }>(rows: T[]): Array<{ code: LanguageCode; row: T | undefined }> {
  const map = new Map(rows.map((r) => [r.language_code, r]));
  return LANGUAGES.map((code) => ({ code, row: map.get(code) }));
}
