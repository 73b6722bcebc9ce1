import { describe, expect, it } from 'vitest';
import { formatDate, formatEventDate } from './format';
import { parseEnv, EnvError } from '@/config/env';

describe('formatDate', () => {
  it('formats like 3rd March, 2024', () => {
    expect(formatDate('2024-03-03T10:00:00')).toBe('3rd March, 2024');
    expect(formatDate('2024-01-01T10:00:00')).toBe('1st January, 2024');
    expect(formatDate('2024-01-22T10:00:00')).toBe('22nd January, 2024');
    expect(formatDate('2024-01-11T10:00:00')).toBe('11th January, 2024');
    expect(formatDate('2024-01-13T10:00:00')).toBe('13th January, 2024');
  });
  it('event date is start, then " - end" if present', () => {
    expect(formatEventDate('1969-07-16', '1969-07-24')).toBe('1969-07-16 - 1969-07-24');
    expect(formatEventDate('1969-07-20', null)).toBe('1969-07-20');
  });
});

describe('runtime config', () => {
  it('reads window.__SUPABASE__ first, then VITE_ variables', () => {
    const env = parseEnv({ url: 'http://a.test', anonKey: 'x'.repeat(30) }, { VITE_SUPABASE_URL: 'http://b.test' });
    expect(env.url).toBe('http://a.test');
    expect(parseEnv(undefined, { VITE_SUPABASE_URL: 'http://b.test', VITE_SUPABASE_ANON_KEY: 'y'.repeat(30) }).url).toBe('http://b.test');
  });
  it('fails loudly, naming every bad setting', () => {
    try {
      parseEnv({ url: 'not a url' }, {});
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError);
      const problems = (e as EnvError).problems.join('\n');
      expect(problems).toMatch(/url/);
      expect(problems).toMatch(/anonKey/);
    }
  });
});
