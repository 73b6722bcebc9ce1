import { describe, expect, it } from 'vitest';
import { anyInProgress, byLanguage, displayState } from './translation-state';

describe('translation state', () => {
  it('a human-edited language shows as locked', () => {
    expect(displayState({ status: 'done', human_edited: true })).toBe('locked');
    expect(displayState({ status: 'failed', human_edited: false })).toBe('failed');
    expect(displayState(undefined)).toBe('missing');
  });
  it('keeps refreshing while a machine translation is pending or stale', () => {
    expect(anyInProgress([{ status: 'done', human_edited: false }, { status: 'pending', human_edited: false }])).toBe(true);
    expect(anyInProgress([{ status: 'stale', human_edited: false }])).toBe(true);
    expect(anyInProgress([{ status: 'done', human_edited: false }, { status: 'failed', human_edited: false }])).toBe(false);
    expect(anyInProgress([{ status: 'pending', human_edited: true }])).toBe(false);
  });
  it('lists the 14 languages in order', () => {
    const list = byLanguage([{ language_code: 'fr' }]);
    expect(list.map((l) => l.code)).toEqual(['en', 'es', 'fr', 'ar', 'zh', 'hi', 'pt', 'pt_BR', 'ru', 'ja', 'ko', 'de', 'tr', 'sw']);
    expect(list[2].row).toEqual({ language_code: 'fr' });
  });
});
