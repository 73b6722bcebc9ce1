// Story, video, palette and clean-up jobs through the running stack, with
// the Gemini and YouTube loopback fakes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { encode as encodePng } from 'fast-png';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startFakeGemini, type FakeGemini } from '../fakes/gemini.ts';
import { startFakeYoutube, thumbnailsUpTo, type FakeYoutube } from '../fakes/youtube.ts';
import { clearJobs, drain, jobsOf } from '../fakes/pipeline.ts';

let gemini: FakeGemini;
let youtube: FakeYoutube;
let stack: TestStack;
let staff: SupabaseClient;

beforeAll(async () => {
  gemini = await startFakeGemini();
  youtube = await startFakeYoutube('yt-key');
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.YOUTUBE_BASE_URL = youtube.url;
  process.env.YOUTUBE_API_KEY = 'yt-key';
  delete process.env.GEMINI_API_KEY;
  stack = await startTestStack({ worker: true, workerIntervalMs: 3_600_000 });
  await clearJobs(stack);
  process.env.GEMINI_API_KEY = 'test-key';
  staff = await stack.signedIn('staff@example.com', 'Staff#2026');
  youtube.videos.set('dQw4w9WgXcQ', { title: 'The Fall of the Berlin Wall, 9 November 1989 — full documentary', duration: 'PT1H2M3S', thumbnails: thumbnailsUpTo('dQw4w9WgXcQ', 'maxres') });
  youtube.videos.set('abcDEF12345', { title: 'Moon landing', duration: 'PT4M5S', thumbnails: thumbnailsUpTo('abcDEF12345', 'high') });
});
afterAll(async () => {
  await stack?.stop();
  await gemini?.close();
  await youtube?.close();
});
beforeEach(() => {
  gemini.reset();
  delete process.env.WORKER_PAUSED;
});
/** Holds the worker loop (which the database wakes on every new job) while a function is called directly. */
const pause = () => {
  process.env.WORKER_PAUSED = 'true';
};
const resume = () => {
  delete process.env.WORKER_PAUSED;
};

/** A PNG of four colour blocks. */
function blocksPng(size = 64): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  const colours = [[220, 30, 40], [30, 60, 200], [250, 210, 40], [20, 20, 30]];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const c = colours[(y < size / 2 ? 0 : 2) + (x < size / 2 ? 0 : 1)];
      data.set([...c, 255], (y * size + x) * 4);
    }
  }
  return encodePng({ width: size, height: size, data, channels: 4, depth: 8 });
}

async function newEvent(content: string, title = 'A story'): Promise<number> {
  const { data, error } = await staff.from('events').insert({ start_date: '1969-07-20', category_ids: [1], important: 3 }).select('id').single();
  expect(error).toBeNull();
  const t = await staff.from('event_translations').insert({ event_id: data!.id, language_code: 'en', title, content });
  expect(t.error).toBeNull();
  return data!.id as number;
}

const enRow = async (id: number) =>
  (await stack.db.query<{ content: string; description: string | null }>(`select content, description from public.event_translations where event_id = $1 and language_code = 'en'`, [id])).rows[0];

describe('functions-story', () => {
  it('sanitises the story, moves a base64 image to the events bucket and writes the 100-character summary', async () => {
    const b64 = Buffer.from(blocksPng(8)).toString('base64');
    const dirty =
      '<p>Safe <strong>bold</strong> <a href="https://example.org">link</a> <a href="javascript:alert(1)">bad</a></p>' +
      '<script>alert("x")</script><img src="x" onerror="alert(2)"><p onclick="steal()">para</p>' +
      `<p><img src="data:image/png;base64,${b64}"></p><iframe src="https://evil.example"></iframe>`;
    pause();
    const id = await newEvent(dirty);
    // Not readable by the public before it is processed.
    expect((await stack.anon().from('event_translations').select('content').eq('event_id', id)).data).toEqual([]);

    gemini.behaviour = (call) => (call.prompt.startsWith('summarize') ? { text: 'x'.repeat(150) } : { text: '{}' });
    const { data, error } = await staff.functions.invoke('functions-story', { body: { eventId: String(id) } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ eventId: id, sanitized: true, imagesMoved: 1, summarized: true });
    const row = await enRow(id);
    expect(row.content).not.toMatch(/script|onerror|onclick|javascript:|iframe|data:image/i);
    expect(row.content).toContain('<strong>bold</strong>');
    expect(row.content).toContain('<a href="https://example.org">link</a>');
    expect(row.content).toContain('<a>bad</a>');
    const src = /<img src="([^"]+)"/.exec(row.content)?.[1];
    expect(src).toMatch(new RegExp(`^${stack.apiUrl}/storage/v1/object/public/events/stories/${id}/[0-9a-f]+\\.png$`));
    const img = await fetch(src!);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toMatch(/image\/png/);
    expect(row.description!.length).toBeLessThanOrEqual(100);
    expect(gemini.calls.filter((c) => c.prompt.startsWith('summarize this content into 100 characters'))).toHaveLength(1);
  });

  it('the queued summary job re-uses the summary (no second call), then translation follows and the event is processed', async () => {
    pause();
    const id = await newEvent('<p>The Eagle has landed.</p><img src=x onerror=alert(1)>');
    const { data: answer } = await staff.functions.invoke('functions-story', { body: { eventId: id } });
    expect(answer).toMatchObject({ summarized: true, summary: 'A short summary of the story.' });
    resume();
    await drain(stack);
    expect(gemini.calls.filter((c) => c.prompt.includes('language code') && c.prompt.includes('Eagle'))).toHaveLength(13);
    expect(gemini.calls.filter((c) => c.prompt.startsWith('summarize') && c.prompt.includes('Eagle'))).toHaveLength(1);
    expect((await enRow(id)).description).toBe('A short summary of the story.');
    const { data } = await stack.anon().from('event_translations').select('language_code, content').eq('event_id', id).eq('language_code', 'en');
    expect(data).toHaveLength(1);
    expect(data![0].content).toBe('<p>The Eagle has landed.</p>');
  });

  it('without a key the story is still cleaned at once; the summary waits', async () => {
    delete process.env.GEMINI_API_KEY;
    let id = 0;
    try {
      pause();
      id = await newEvent('<p>x</p><script>bad()</script>');
      const { data } = await staff.functions.invoke('functions-story', { body: { eventId: id } });
      expect(data).toMatchObject({ queued: true, reason: 'AI provider not configured' });
      expect((await enRow(id)).content).toBe('<p>x</p>');
      resume();
      await stack.worker.kick();
      expect((await jobsOf(stack, 'events', id)).filter((j) => j.kind === 'summary' && j.status === 'pending')).toHaveLength(1);
      expect((await enRow(id)).description).toBeNull();
      expect(gemini.calls).toHaveLength(0);
    } finally {
      process.env.GEMINI_API_KEY = 'test-key';
    }
    await drain(stack);
    expect((await enRow(id)).description).toBe('A short summary of the story.');
  });

  it('anon and non-staff callers are refused', async () => {
    const { error } = await stack.anon().functions.invoke('functions-story', { body: { eventId: 1 } });
    expect((error as { context: Response }).context.status).toBe(401);
  });
});

describe('video-details', () => {
  it('reads title, ISO duration (and seconds), the best thumbnail, and a short AI title', async () => {
    const { data, error } = await staff.from('resources').insert({ event_id: 1, media_type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ?t=10' }).select('id').single();
    expect(error).toBeNull();
    const other = await staff.from('resources').insert({ event_id: 1, media_type: 'youtube', url: 'https://www.youtube.com/shorts/abcDEF12345' }).select('id').single();
    await drain(stack);
    const { rows } = await stack.db.query<Record<string, unknown>>(`select id, title, description, duration, duration_seconds, thumbnail from public.resources where id = any($1) order by id`, [[data!.id, other.data!.id]]);
    expect(rows[0]).toMatchObject({ title: 'The Fall of the Berlin Wall, 9 November 1989 — full documentary', duration: 'PT1H2M3S', duration_seconds: 3723, thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg', description: 'Short video title' });
    expect(rows[1]).toMatchObject({ title: 'Moon landing', duration_seconds: 245, thumbnail: 'https://i.ytimg.com/vi/abcDEF12345/hqdefault.jpg' });
    expect(youtube.requests.at(-1)!.searchParams.get('part')).toBe('snippet,contentDetails');
  });

  it('an unknown video gives empty details and the job records why', async () => {
    const { data } = await staff.from('resources').insert({ event_id: 1, media_type: 'youtube', url: 'https://www.youtube.com/watch?v=zzzzzzzzzzz' }).select('id').single();
    await drain(stack);
    const { rows } = await stack.db.query<Record<string, unknown>>(`select title, description, duration, thumbnail from public.resources where id = $1`, [data!.id]);
    expect(rows[0]).toEqual({ title: '', description: '', duration: '', thumbnail: '' });
    expect((await jobsOf(stack, 'resources', data!.id))[0]).toMatchObject({ status: 'failed', last_error: 'Video not found' });
  });

  it('answers a URL lookup directly; an invalid URL gives empty details', async () => {
    const ok = await staff.functions.invoke('video-details', { body: { url: 'https://www.youtube.com/embed/abcDEF12345' } });
    expect(ok.data).toMatchObject({ videoId: 'abcDEF12345', title: 'Moon landing', duration: 'PT4M5S', durationSeconds: 245 });
    const bad = await staff.functions.invoke('video-details', { body: { url: 'https://vimeo.com/123' } });
    expect(bad.data).toEqual({ title: '', description: '', duration: '', thumbnail: '', error: 'Invalid YouTube URL' });
  });
});

describe('palette and delete-story', () => {
  it('computes the six swatches of a new feature image, and delete-story removes the event\'s images (twice is fine)', async () => {
    const up = await staff.storage.from('events').upload('feature/blocks.png', new Blob([new Uint8Array(blocksPng())], { type: 'image/png' }), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const url = staff.storage.from('events').getPublicUrl('feature/blocks.png').data.publicUrl;
    const id = await newEvent(`<p>With an image <img src="data:image/png;base64,${Buffer.from(blocksPng(4)).toString('base64')}"></p>`);
    expect((await staff.from('events').update({ image_url: url }).eq('id', id)).error).toBeNull();
    await drain(stack);
    const { rows } = await stack.db.query<{ colors: Record<string, { hex: string; rgb: number[]; population: number } | null> }>(`select colors from public.events where id = $1`, [id]);
    const colors = rows[0].colors;
    expect(Object.keys(colors).sort()).toEqual(['darkMuted', 'darkVibrant', 'lightMuted', 'lightVibrant', 'muted', 'vibrant']);
    const found = Object.values(colors).filter(Boolean);
    expect(found.length).toBeGreaterThanOrEqual(3);
    for (const s of found) {
      expect(s!.hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(s!.rgb).toHaveLength(3);
      expect(s!.population).toBeGreaterThanOrEqual(0); // Vibrant fills a missing swatch from the others with population 0
    }
    expect(found.filter((s) => s!.population > 0).length).toBeGreaterThanOrEqual(2);

    const direct = await staff.functions.invoke('palette', { body: { imageUrl: url } });
    expect(direct.data.colors).toEqual(colors);

    const storyObjects = async () => Number((await stack.db.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = 'events' and (name like $1 or name = 'feature/blocks.png')`, [`stories/${id}/%`])).rows[0].n);
    expect(await storyObjects()).toBe(2);
    expect((await staff.from('events').delete().eq('id', id)).error).toBeNull();
    const first = await staff.functions.invoke('delete-story', { body: { eventId: String(id) } });
    expect(first.error).toBeNull();
    expect(await storyObjects()).toBe(0);
    await drain(stack); // the queued delete_story job runs too: nothing left to do, no error
    expect((await jobsOf(stack, 'events', id)).find((j) => j.kind === 'delete_story')).toMatchObject({ status: 'done' });
    const again = await staff.functions.invoke('delete-story', { body: { eventId: id } });
    expect(again.data).toMatchObject({ eventId: id, removed: 0 });
  });
});
