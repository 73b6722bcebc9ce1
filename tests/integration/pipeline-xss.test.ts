// XSS payloads in a story are removed before anyone can read it: a staff edit
// of an already published story is quarantined (content_sanitized = false)
// until the story step has sanitised it, so anon never reads the raw HTML.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startFakeGemini, type FakeGemini } from '../fakes/gemini.ts';
import { clearJobs, drain } from '../fakes/pipeline.ts';

const PAYLOAD = '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>';
const DANGER = /<script|onerror|javascript:|alert\(/i;

let gemini: FakeGemini;
let stack: TestStack;
let staff: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  gemini = await startFakeGemini();
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.GEMINI_API_KEY = 'test-key';
  stack = await startTestStack({ worker: true, workerIntervalMs: 3_600_000 });
  await clearJobs(stack);
  staff = await stack.signedIn('staff@example.com', 'Staff#2026');
  anon = stack.anon();
});
afterAll(async () => {
  delete process.env.WORKER_PAUSED;
  await stack?.stop();
  await gemini?.close();
});
beforeEach(() => {
  gemini.reset();
  delete process.env.WORKER_PAUSED;
});
/** Holds the worker loop (the database wakes it on every new job) so the window before it runs can be observed. */
const pause = () => {
  process.env.WORKER_PAUSED = 'true';
};

async function publishedEvent(): Promise<number> {
  const { data, error } = await staff.from('events').insert({ start_date: '1989-11-09', category_ids: [1], important: 3 }).select('id').single();
  expect(error).toBeNull();
  const id = data!.id as number;
  expect((await staff.from('event_translations').insert({ event_id: id, language_code: 'en', title: 'Published story', content: '<p>The first version.</p>' })).error).toBeNull();
  await drain(stack);
  const { data: ev } = await anon.from('events').select('id').eq('id', id);
  expect(ev).toHaveLength(1); // processed: visible to the mobile app
  return id;
}

const anonStory = async (id: number) => {
  const { data, error } = await anon.from('event_translations').select('language_code, content').eq('event_id', id).eq('language_code', 'en');
  expect(error).toBeNull();
  return data as Array<{ language_code: string; content: string }>;
};

describe('story quarantine', () => {
  it('anon cannot read a staff edit of a processed story before the worker sanitised it, then reads clean HTML', async () => {
    const id = await publishedEvent();
    expect((await anonStory(id))[0].content).toBe('<p>The first version.</p>');
    gemini.reset();

    pause();
    const save = await staff.from('event_translations').update({ content: PAYLOAD }).eq('event_id', id).eq('language_code', 'en').select('content');
    expect(save.error).toBeNull();
    expect(save.data![0].content).toBe(PAYLOAD); // staff read their own draft

    // The window: the event is still processed, the story is not readable.
    expect((await anon.from('events').select('id').eq('id', id)).data).toHaveLength(1);
    expect(await anonStory(id)).toEqual([]);
    const everything = await anon.from('event_translations').select('content').eq('event_id', id);
    expect(everything.error).toBeNull();
    for (const row of everything.data ?? []) expect(row.content ?? '').not.toMatch(DANGER);
    // A filter on the content does not reveal it either.
    expect((await anon.from('event_translations').select('event_id').like('content', '%script%')).data).toEqual([]);

    delete process.env.WORKER_PAUSED;
    await stack.worker.kick();
    const story = await anonStory(id);
    expect(story).toHaveLength(1);
    expect(story[0].content).toContain('<p>ok</p>');
    expect(story[0].content).not.toMatch(DANGER);
    expect(story[0].content).not.toMatch(/<script|onerror|javascript/i);

    // And the rest of the chain: summary, 13 translations, none with a payload.
    await drain(stack);
    const all = await anon.from('event_translations').select('language_code, content, status').eq('event_id', id);
    expect(all.data).toHaveLength(14);
    for (const row of all.data!) expect(row.content).not.toMatch(DANGER);
    expect(gemini.calls.filter((c) => c.prompt.includes('language code'))).toHaveLength(13);
    expect(gemini.calls.some((c) => DANGER.test(c.prompt))).toBe(false); // the raw story never went to the model
  });

  it('a title-only edit during the quarantine keeps it; a second story edit is released only by its own sanitising', async () => {
    const id = await publishedEvent();
    pause();
    expect((await staff.from('event_translations').update({ content: PAYLOAD }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    expect((await staff.from('event_translations').update({ title: 'A new title' }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    // a client cannot lift the quarantine itself
    expect((await staff.from('event_translations').update({ content_sanitized: true }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    expect(await anonStory(id)).toEqual([]);

    delete process.env.WORKER_PAUSED;
    await drain(stack);
    const story = await anonStory(id);
    expect(story).toHaveLength(1);
    expect(story[0].content).not.toMatch(DANGER);
  });

  it('functions-story called by the console releases the sanitised story at once', async () => {
    const id = await publishedEvent();
    pause();
    expect((await staff.from('event_translations').update({ content: PAYLOAD }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    expect(await anonStory(id)).toEqual([]);
    const { data, error } = await staff.functions.invoke('functions-story', { body: { eventId: id } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ eventId: id, sanitized: true });
    const story = await anonStory(id);
    expect(story).toHaveLength(1);
    expect(story[0].content).not.toMatch(DANGER);
  });

  it('a model answer with a payload is sanitised before it is stored as a translation', async () => {
    const id = await publishedEvent();
    gemini.behaviour = (call) => {
      if (!call.prompt.includes('language code')) return { text: 'A short summary.' };
      const obj = JSON.parse(call.prompt.slice(call.prompt.indexOf('\n{') + 1)) as Record<string, string>;
      return { text: JSON.stringify({ ...obj, content: `${obj.content}<script>alert(1)</script><img src=x onerror=alert(1)>` }) };
    };
    expect((await staff.from('event_translations').update({ content: '<p>Second version.</p>' }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    await drain(stack);
    const all = await anon.from('event_translations').select('language_code, content').eq('event_id', id).neq('language_code', 'en');
    expect(all.data).toHaveLength(13);
    for (const row of all.data!) {
      expect(row.content).toContain('Second version.');
      expect(row.content).not.toMatch(DANGER);
    }
  });
});
