// Translation jobs end to end: the real worker function through the embedded
// stack, the real @google/genai SDK pointed at a loopback Gemini fake.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startFakeGemini, echoTranslation, type FakeGemini } from '../fakes/gemini.ts';
import { clearJobs, drain, jobsOf, makeDue } from '../fakes/pipeline.ts';

let gemini: FakeGemini;
let stack: TestStack;
let staff: SupabaseClient;
const OTHER_LANGUAGES = ['es', 'fr', 'ar', 'zh', 'hi', 'pt', 'pt_BR', 'ru', 'ja', 'ko', 'de', 'tr', 'sw'];

beforeAll(async () => {
  gemini = await startFakeGemini();
  // The functions read these at call time, in this (forked) test process.
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.GEMINI_MODEL = 'gemini-test-flash';
  delete process.env.GEMINI_API_KEY;
  stack = await startTestStack({ worker: true, workerIntervalMs: 3_600_000 });
  await clearJobs(stack); // the seed's own work is not these tests' business
  process.env.GEMINI_API_KEY = 'test-key';
  staff = await stack.signedIn('staff@example.com', 'Staff#2026');
});

afterAll(async () => {
  await stack?.stop();
  await gemini?.close();
});

beforeEach(() => {
  gemini.reset();
  process.env.GEMINI_API_KEY = 'test-key';
});

async function newCategory(name: string, description = 'A category description.'): Promise<number> {
  const { data, error } = await staff.from('categories').insert({ image_url: null }).select('id').single();
  expect(error).toBeNull();
  const t = await staff.from('category_translations').insert({ category_id: data!.id, language_code: 'en', name, description });
  expect(t.error).toBeNull();
  return data!.id as number;
}

async function translations(id: number) {
  const { rows } = await stack.db.query<{ language_code: string; name: string | null; description: string | null; status: string; model: string | null; last_error: string | null }>(
    `select language_code, name, description, status::text, model, last_error from public.category_translations where category_id = $1 order by language_code`,
    [id],
  );
  return new Map(rows.map((r) => [r.language_code, r]));
}

describe('translate jobs', () => {
  it('writes the 13 other languages of a new category, one model call each, English unchanged', async () => {
    const id = await newCategory('Ancient Empires', 'Rise and fall of <b>empires</b>.');
    await drain(stack);
    const rows = await translations(id);
    expect(rows.size).toBe(14);
    expect(rows.get('en')).toMatchObject({ name: 'Ancient Empires', description: 'Rise and fall of <b>empires</b>.', status: 'done' });
    for (const code of OTHER_LANGUAGES) {
      expect(rows.get(code)).toMatchObject({ name: `[${code}] Ancient Empires`, description: `[${code}] Rise and fall of <b>empires</b>.`, status: 'done', model: 'gemini-test-flash' });
    }
    expect(gemini.calls).toHaveLength(13);
    expect(gemini.calls.every((c) => c.model === 'gemini-test-flash' && c.apiKey === 'test-key')).toBe(true);
    expect(gemini.calls[0].prompt).toMatch(/proper names/i);
    expect(gemini.peak).toBeLessThanOrEqual(5);
    const jobs = await jobsOf(stack, 'categories', id);
    expect(jobs.map((j) => j.status)).toEqual(['done']);
    const { rows: cat } = await stack.db.query<{ processed: boolean }>('select processed_at is not null as processed from public.categories where id = $1', [id]);
    expect(cat[0].processed).toBe(true);
  });

  it('never has more than 5 model calls in flight, even with several jobs', async () => {
    gemini.latencyMs = 80;
    const ids = [await newCategory('Concurrency one'), await newCategory('Concurrency two'), await newCategory('Concurrency three')];
    await drain(stack);
    expect(gemini.calls).toHaveLength(39);
    expect(gemini.peak).toBeGreaterThan(1);
    expect(gemini.peak).toBeLessThanOrEqual(5);
    for (const id of ids) expect((await translations(id)).get('fr')?.status).toBe('done');
  });

  it('parses an answer wrapped in a code fence', async () => {
    gemini.behaviour = (call) => ({ text: '```json\n' + (echoTranslation(call) as { text: string }).text + '\n```' });
    const id = await newCategory('Fenced');
    await drain(stack);
    expect((await translations(id)).get('de')?.name).toBe('[de] Fenced');
  });

  it('a date-only edit of an event makes zero model calls; a title edit re-translates and leaves a locked language alone', async () => {
    const { data: ev, error } = await staff
      .from('events')
      .insert({ start_date: '1900-01-01', category_ids: [1], important: 2 })
      .select('id')
      .single();
    expect(error).toBeNull();
    const id = ev!.id as number;
    expect((await staff.from('event_translations').insert({ event_id: id, language_code: 'en', title: 'Old title', content: '<p>Story</p>' })).error).toBeNull();
    await drain(stack);
    expect(gemini.calls.length).toBe(14); // summary + 13 languages

    gemini.reset();
    expect((await staff.from('events').update({ start_date: '1901-02-03', important: 4 }).eq('id', id)).error).toBeNull();
    await drain(stack);
    expect(gemini.calls).toHaveLength(0);

    // A person edits French: locked against the machine.
    expect((await staff.from('event_translations').update({ title: 'Titre choisi' }).eq('event_id', id).eq('language_code', 'fr')).error).toBeNull();
    await drain(stack);
    expect(gemini.calls).toHaveLength(0);

    expect((await staff.from('event_translations').update({ title: 'New title' }).eq('event_id', id).eq('language_code', 'en')).error).toBeNull();
    await drain(stack);
    expect(gemini.calls).toHaveLength(12); // 13 minus the locked French; no summary (story unchanged)
    const { rows } = await stack.db.query<{ language_code: string; title: string }>(
      `select language_code, title from public.event_translations where event_id = $1`, [id]);
    const by = new Map(rows.map((r) => [r.language_code, r.title]));
    expect(by.get('fr')).toBe('Titre choisi');
    expect(by.get('es')).toBe('[es] New title');
  });

  it('an unparsable answer fails with "Invalid JSON from Gemini", retries, then fails after the bound', async () => {
    gemini.behaviour = () => ({ text: 'Sorry, I cannot do that.' });
    const id = await newCategory('Broken answers');
    await stack.db.query(`update public.jobs set max_attempts = 3 where entity_table = 'categories' and entity_id = $1`, [id]);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await makeDue(stack);
      await stack.worker.kick();
      const [job] = await jobsOf(stack, 'categories', id);
      expect(job.attempts).toBe(attempt);
      expect(job.last_error).toMatch(/^Invalid JSON from Gemini/);
      expect(job.status).toBe(attempt < 3 ? 'pending' : 'failed');
      if (attempt === 1) {
        // exponential back-off: 10 s after the first failure
        const wait = (Date.parse(job.run_after) - Date.parse(job.updated_at)) / 1000;
        expect(wait).toBeGreaterThan(8);
        expect(wait).toBeLessThan(12);
      }
    }
    expect(gemini.calls).toHaveLength(39);
    const rows = await translations(id);
    expect(rows.get('es')).toMatchObject({ status: 'failed', name: null, last_error: 'Invalid JSON from Gemini' });
  });

  it('missing or extra keys in the answer fail too', async () => {
    gemini.behaviour = () => ({ text: JSON.stringify({ name: 'x', extra: 'y' }) });
    const id = await newCategory('Wrong keys');
    await stack.worker.kick();
    const [job] = await jobsOf(stack, 'categories', id);
    expect(job.last_error).toMatch(/wrong keys/);
    expect(job.status).toBe('pending');
  });

  it('honours a 429 retry delay, then finishes', async () => {
    gemini.behaviour = (call, index) => (index === 0 ? { status: 429, retryDelay: '3s' } : echoTranslation(call));
    const id = await newCategory('Rate limited');
    await stack.worker.kick();
    const [job] = await jobsOf(stack, 'categories', id);
    expect(job.status).toBe('pending');
    expect(job.last_error).toMatch(/rate limit/i);
    const wait = (Date.parse(job.run_after) - Date.parse(job.updated_at)) / 1000;
    expect(wait).toBeGreaterThan(2);
    expect(wait).toBeLessThan(4.5); // the provider's 3 s, not the 10 s back-off
    const rows = await translations(id);
    expect([...rows.values()].filter((r) => r.status === 'done').length).toBe(13); // en + 12 done; one waits
    await new Promise((r) => setTimeout(r, 3100));
    await stack.worker.kick();
    expect((await jobsOf(stack, 'categories', id))[0].status).toBe('done');
    expect(gemini.calls).toHaveLength(14); // only the limited language again
  });

  it('without a key jobs wait with "AI provider not configured", nothing written; they run once a key is set', async () => {
    delete process.env.GEMINI_API_KEY;
    const id = await newCategory('Waiting for a key');
    await stack.worker.kick();
    const [job] = await jobsOf(stack, 'categories', id);
    expect(job).toMatchObject({ status: 'pending', attempts: 0, last_error: 'AI provider not configured' });
    expect(Date.parse(job.run_after)).toBeGreaterThan(Date.now() + 60_000);
    expect(gemini.calls).toHaveLength(0);
    const rows = await translations(id);
    expect([...rows.values()].filter((r) => r.language_code !== 'en').every((r) => r.name === null && r.status === 'pending')).toBe(true);

    process.env.GEMINI_API_KEY = 'test-key';
    await stack.worker.kick();
    expect((await jobsOf(stack, 'categories', id))[0].status).toBe('done');
    expect((await translations(id)).get('sw')?.name).toBe('[sw] Waiting for a key');
  });

  it('a crashed run (expired lease) is picked up again: nothing lost, nothing duplicated', async () => {
    gemini.latencyMs = 0;
    const id = await newCategory('Crash safe');
    // A worker claimed the job, wrote four languages, and died.
    const { rows: claimed } = await stack.db.query<{ id: number }>(
      `update public.jobs set status = 'running', attempts = 1, locked_until = now() + interval '5 minutes'
        where entity_table = 'categories' and entity_id = $1 and status = 'pending' returning id`, [id]);
    expect(claimed).toHaveLength(1);
    const { rows: en } = await stack.db.query<{ source_hash: string }>(`select source_hash from public.category_translations where category_id = $1 and language_code = 'en'`, [id]);
    await stack.db.query(
      `update public.category_translations set name = '[' || language_code || '] Crash safe', status = 'done', source_hash = $2
        where category_id = $1 and language_code in ('es', 'fr', 'de', 'ja')`, [id, en[0].source_hash]);
    await stack.worker.kick();
    expect((await jobsOf(stack, 'categories', id))[0].status).toBe('running'); // lease still held: nobody else takes it
    expect(gemini.calls).toHaveLength(0);
    await stack.db.query(`update public.jobs set locked_until = now() - interval '1 second' where id = $1`, [claimed[0].id]);
    await stack.worker.kick();
    const [job] = await jobsOf(stack, 'categories', id);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(gemini.calls).toHaveLength(9); // only the languages not written before the crash
    const { rows: count } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.category_translations where category_id = $1`, [id]);
    expect(count[0].n).toBe(14);
  });

  it('the worker refuses callers without the service-role key or worker secret', async () => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/worker`, { method: 'POST', headers: { authorization: `Bearer ${stack.keys.anonKey}` }, body: '{}' });
    expect(res.status).toBe(401);
    const ok = await fetch(`${stack.apiUrl}/functions/v1/worker`, { method: 'POST', headers: { authorization: `Bearer ${stack.keys.serviceRoleKey}` }, body: '{}' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ claimed: expect.any(Number) });
  });
});
