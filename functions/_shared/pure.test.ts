// Unit tests of the functions' pure logic.
import { describe, expect, it } from 'vitest';
import { parseTranslation, stripFence } from './model-json.ts';
import { bestThumbnail, isoDurationToSeconds, parseYoutubeId } from './youtube.ts';
import { htmlToText, sanitizeHtml } from './sanitize.ts';
import { downscale, mapPalette, paletteOfPixels } from './palette.ts';
import { parseRetryDelay, retryDelayFromError } from './ai.ts';
import { clampSummary } from './jobs/story.ts';
import { Limiter } from './limiter.ts';

describe('model JSON', () => {
  it('strips a code fence, with or without a language', () => {
    expect(stripFence('```json\n{"a":"b"}\n```')).toBe('{"a":"b"}');
    expect(stripFence('```\n{"a":"b"}```')).toBe('{"a":"b"}');
    expect(stripFence('  {"a":"b"}  ')).toBe('{"a":"b"}');
  });
  it('parses exactly the keys asked for', () => {
    expect(parseTranslation('```json\n{"title":"T","content":"<p>C</p>"}\n```', ['title', 'content'])).toEqual({ title: 'T', content: '<p>C</p>' });
    expect(() => parseTranslation('not json', ['title'])).toThrow('Invalid JSON from Gemini');
    expect(() => parseTranslation('[1]', ['title'])).toThrow('Invalid JSON from Gemini');
    expect(() => parseTranslation('', ['title'])).toThrow('Invalid JSON from Gemini');
    expect(() => parseTranslation('{"title":"x","extra":"y"}', ['title'])).toThrow(/wrong keys \(extra extra\)/);
    expect(() => parseTranslation('{}', ['title'])).toThrow(/missing title/);
    expect(() => parseTranslation('{"title":1}', ['title'])).toThrow(/non-text/);
  });
});

describe('YouTube', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ?start=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (url, id) => expect(parseYoutubeId(url)).toBe(id));
  it.each(['not a url', 'https://vimeo.com/123456', 'https://www.youtube.com/watch', 'https://www.youtube.com/watch?v=<script>', 'javascript:alert(1)', 'https://evil.com/watch?v=dQw4w9WgXcQ'])(
    'rejects %s',
    (url) => expect(parseYoutubeId(url)).toBeNull(),
  );
  it('converts ISO 8601 durations to seconds', () => {
    expect(isoDurationToSeconds('PT1H2M3S')).toBe(3723);
    expect(isoDurationToSeconds('PT4M5S')).toBe(245);
    expect(isoDurationToSeconds('PT45S')).toBe(45);
    expect(isoDurationToSeconds('PT2H')).toBe(7200);
    expect(isoDurationToSeconds('P1DT1S')).toBe(86401);
    expect(isoDurationToSeconds('P0D')).toBe(0);
    expect(isoDurationToSeconds('PT1.6S')).toBe(2);
    expect(isoDurationToSeconds('1:02:03')).toBeNull();
    expect(isoDurationToSeconds('PT')).toBeNull();
    expect(isoDurationToSeconds('P')).toBeNull();
  });
  it('picks the best thumbnail', () => {
    const t = (name: string) => ({ url: `https://i/${name}.jpg` });
    expect(bestThumbnail({ default: t('d'), medium: t('m'), high: t('h'), standard: t('s'), maxres: t('x') })).toBe('https://i/x.jpg');
    expect(bestThumbnail({ default: t('d'), medium: t('m'), high: t('h') })).toBe('https://i/h.jpg');
    expect(bestThumbnail({ default: t('d') })).toBe('https://i/d.jpg');
    expect(bestThumbnail({})).toBeNull();
    expect(bestThumbnail(undefined)).toBeNull();
  });
});

describe('sanitiser', () => {
  it('keeps the editor\'s tags and safe links', () => {
    const html = '<h2>T</h2><p class="ql-align-center">a <strong>b</strong> <em>c</em> <u>d</u> <a href="mailto:x@y.z">m</a> <a href="tel:+1">t</a> <a href="https://x.org" target="_blank">h</a></p><ol><li>1</li></ol><ul><li class="ql-indent-1">2</li></ul><br>';
    expect(sanitizeHtml(html)).toBe(
      '<h2>T</h2><p class="ql-align-center">a <strong>b</strong> <em>c</em> <u>d</u> <a href="mailto:x@y.z">m</a> <a href="tel:+1">t</a> <a href="https://x.org" target="_blank" rel="noopener noreferrer">h</a></p><ol><li>1</li></ol><ul><li class="ql-indent-1">2</li></ul><br>',
    );
  });
  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x"/>'.replace('<img src="x"/>', '')],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  JaVa\tScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html,<script>1</script>">x</a>', '<a>x</a>'],
    ['<p onclick="x()" style="color:red">y</p>', '<p>y</p>'],
    ['<iframe src="https://e"></iframe><style>p{}</style><svg><script>1</script></svg>k', 'k'],
    ['<img src="https://e.org/a.png" onload="x()" alt="a">', '<img src="https://e.org/a.png" alt="a">'],
    ['<div><p>unclosed <b>bold</p>', '<p>unclosed <b>bold</b></p>'],
    ['1 &lt; 2 &amp; <b>"q"</b>', '1 &lt; 2 &amp; <b>"q"</b>'],
    ['<p title="x" data-x="y">z</p>', '<p>z</p>'],
  ])('%s', (dirty, clean) => expect(sanitizeHtml(dirty)).toBe(clean));
  it('is idempotent and keeps base64 image data for the story step', () => {
    const html = '<p>a<img src="data:image/png;base64,iVBORw0KGgo="></p><img src="data:text/html;base64,PHNjcmlwdD4=">';
    const once = sanitizeHtml(html);
    expect(once).toBe('<p>a<img src="data:image/png;base64,iVBORw0KGgo="></p>');
    expect(sanitizeHtml(once)).toBe(once);
  });
  it('gives plain text for prompts', () => {
    expect(htmlToText('<p>One &amp; two</p><p>Three</p><script>x</script>')).toBe('One & two\nThree');
  });
});

describe('palette', () => {
  it('maps Vibrant\'s names to the seed\'s six swatches', () => {
    const sw = (hex: string, rgb: [number, number, number], population: number) => ({ hex, rgb, population }) as never;
    const p = mapPalette({ Vibrant: sw('#ff0000', [255, 0, 0], 10), Muted: null, DarkVibrant: sw('#800000', [128, 0, 0], 3), DarkMuted: null, LightVibrant: null, LightMuted: sw('#eeeeee', [238, 238, 238], 1) });
    expect(p).toEqual({
      vibrant: { hex: '#ff0000', rgb: [255, 0, 0], population: 10 },
      muted: null,
      darkVibrant: { hex: '#800000', rgb: [128, 0, 0], population: 3 },
      darkMuted: null,
      lightVibrant: null,
      lightMuted: { hex: '#eeeeee', rgb: [238, 238, 238], population: 1 },
    });
  });
  it('downscales to at most 200 px on the long side', () => {
    const img = { width: 1000, height: 500, data: new Uint8ClampedArray(1000 * 500 * 4) };
    const small = downscale(img);
    expect([small.width, small.height]).toEqual([200, 100]);
  });
  it('finds a vibrant red in a red and grey image', async () => {
    const w = 50, h = 50;
    const data = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) data.set(i % 2 ? [230, 20, 30, 255] : [120, 120, 125, 255], i * 4);
    const p = await paletteOfPixels({ width: w, height: h, data });
    expect(p.vibrant?.rgb[0]).toBeGreaterThan(180);
    expect(Object.keys(p)).toHaveLength(6);
  });
});

describe('AI helpers', () => {
  it('reads a 429\'s RetryInfo delay', () => {
    expect(parseRetryDelay('7s')).toBe(7);
    expect(parseRetryDelay('1.5s')).toBe(1.5);
    expect(parseRetryDelay({ seconds: 3, nanos: 500_000_000 })).toBe(3.5);
    const body = JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12s' }] } });
    expect(retryDelayFromError(body)).toBe(12);
    expect(retryDelayFromError('plain')).toBeNull();
  });
  it('clamps a summary to 100 characters', () => {
    expect(clampSummary('  Short.  ')).toBe('Short.');
    const long = clampSummary('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long.endsWith('…')).toBe(true);
  });
  it('limits concurrency', async () => {
    const l = new Limiter(5);
    await Promise.all(Array.from({ length: 20 }, () => l.run(() => new Promise((r) => setTimeout(r, 5)))));
    expect(l.peak).toBe(5);
  });
});
