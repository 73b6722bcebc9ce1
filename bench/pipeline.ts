// `npm run bench` (second part): the server pipeline on the embedded stack
// with the real functions and worker, against the loopback fake of Gemini
// with a fixed latency per model call.
//   1. Model calls and wall time to translate one event after a save, this
//      app's way (jobs, only changed languages, one call per language with all
//      fields) against the old app's way (every save re-translates every
//      language: 14 languages × each field, 5 calls at a time, then rewrites
//      every translation row), for a title edit and a date-only edit.
//   2. The palette's CPU and wall time on generated ~5 MB images (nothing is
//      downloaded), in process and as a job through the stack.
// Prints figures only; nothing here passes or fails.
import { GoogleGenAI } from '@google/genai';
import * as jpeg from 'jpeg-js';
import { encode as encodePng } from 'fast-png';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startFakeGemini } from '../tests/fakes/gemini.ts';
import { clearJobs, drain } from '../tests/fakes/pipeline.ts';
import { startTestStack } from '../tests/support/stack.ts';
import { mapLimit } from '../functions/_shared/limiter.ts';
import { MAX_IMAGE_BYTES, decodeImage, paletteOfImage, paletteOfPixels } from '../functions/_shared/palette.ts';

const LATENCY_MS = Number(process.env.BENCH_MODEL_LATENCY_MS ?? 400);
const OLD_LANGUAGES = 14; // the old app re-translated all 14, English included
const OLD_CONCURRENCY = 5;
const EVENT_FIELDS = ['title', 'description', 'content'] as const;

const gemini = await startFakeGemini({ latencyMs: LATENCY_MS });
process.env.GEMINI_BASE_URL = gemini.url;
process.env.GEMINI_API_KEY = 'bench-key';
const stack = await startTestStack({ worker: true, workerIntervalMs: 3_600_000, socket: false });

const ms = (t: number) => `${Math.round(t)} ms`.padStart(8);
const calls = () => gemini.calls.length;

try {
  await clearJobs(stack);
  const staff = await stack.signedIn('staff@example.com', 'Staff#2026');
  const service = stack.service();

  const story =
    '<p>After weeks of protest, East German authorities announced that citizens could cross the border freely. ' +
    'That night crowds streamed through the checkpoints and began to chip away at the <strong>Berlin Wall</strong>.</p>' +
    '<p>Germany was reunified less than a year later.</p>';

  async function newEvent(title: string): Promise<number> {
    const { data, error } = await staff.from('events').insert({ start_date: '1989-11-09', category_ids: [1], important: 3 }).select('id').single();
    if (error) throw new Error(error.message);
    const t = await staff.from('event_translations').insert({ event_id: data.id, language_code: 'en', title, content: story });
    if (t.error) throw new Error(t.error.message);
    return data.id as number;
  }

  /** A save, then wait for the queue to settle: model calls and wall time. */
  async function measureNew(save: () => PromiseLike<unknown>): Promise<{ calls: number; wall: number }> {
    gemini.reset();
    const t0 = performance.now();
    await save();
    await drain(stack, 50);
    return { calls: calls(), wall: performance.now() - t0 };
  }

  // ── this app ──────────────────────────────────────────────────────────────
  const id = await newEvent('Fall of the Berlin Wall');
  gemini.reset();
  let t0 = performance.now();
  await drain(stack, 50);
  const created = { calls: calls(), wall: performance.now() - t0 };
  const check = await service.from('event_translations').select('language_code, status').eq('event_id', id);
  const done = (check.data ?? []).filter((r) => r.status === 'done').length;

  const titleEdit = await measureNew(() =>
    staff.from('event_translations').update({ title: 'The Fall of the Berlin Wall' }).eq('event_id', id).eq('language_code', 'en'),
  );
  const dateEdit = await measureNew(() => staff.from('events').update({ start_date: '1989-11-10' }).eq('id', id));
  const storyEdit = await measureNew(() =>
    staff.from('event_translations').update({ content: `${story}<p>One more line.</p>` }).eq('event_id', id).eq('language_code', 'en'),
  );

  // ── the old app's way ──────────────────────────────────────────────────────
  // Each save: every language × every field is a model call (5 at a time),
  // then the translation rows are deleted and written again.
  const ai = new GoogleGenAI({ apiKey: 'bench-key', httpOptions: { baseUrl: gemini.url } });
  const languages = ((await service.from('languages').select('code').order('position')).data ?? []).map((r) => r.code as string);
  const oldEvent = await newEvent('Fall of the Berlin Wall (old way)');
  await drain(stack, 50);
  async function oldSave(db: SupabaseClient, eventId: number, fields: Record<string, string>) {
    gemini.reset();
    const t = performance.now();
    const tasks = languages.slice(0, OLD_LANGUAGES).flatMap((code) => EVENT_FIELDS.map((f) => ({ code, f })));
    const out = new Map<string, Record<string, string>>();
    await mapLimit(tasks, OLD_CONCURRENCY, async ({ code, f }) => {
      const res = await ai.models.generateContent({ model: 'gemini-1.5-flash', contents: `Translate the following text to ${code}: ${fields[f]}` });
      out.set(code, { ...(out.get(code) ?? {}), [f]: res.text ?? '' });
    });
    await db.from('event_translations').delete().eq('event_id', eventId).neq('language_code', 'en');
    const rows = [...out].filter(([code]) => code !== 'en').map(([code, v]) => ({ event_id: eventId, language_code: code, ...v, status: 'done' }));
    const w = await db.from('event_translations').insert(rows);
    if (w.error) throw new Error(w.error.message);
    return { calls: calls(), wall: performance.now() - t };
  }
  const source = { title: 'The Fall of the Berlin Wall', description: 'A short summary of the story.', content: story };
  const oldTitle = await oldSave(service, oldEvent, source);
  const oldDate = await oldSave(service, oldEvent, source); // the old app re-translated on a date-only save too
  await clearJobs(stack);

  console.log(`\nTranslating one event: fake Gemini at ${LATENCY_MS} ms a call, worker ${process.env.WORKER_CONCURRENCY ?? 5} jobs / 5 calls at a time, ${stack.db.kind}`);
  console.log(`  new event (summary + 13 languages)        ${String(created.calls).padStart(3)} calls ${ms(created.wall)}   (${done}/14 rows done)`);
  console.log('  save                      this app: calls     wall      old app: calls     wall');
  const row = (label: string, a: { calls: number; wall: number }, b?: { calls: number; wall: number }) =>
    console.log(`  ${label.padEnd(26)} ${String(a.calls).padStart(14)} ${ms(a.wall)}   ${b ? `${String(b.calls).padStart(14)} ${ms(b.wall)}` : '             -        -'}`);
  row('title changed', titleEdit, oldTitle);
  row('date changed only', dateEdit, oldDate);
  row('story changed', storyEdit);

  // ── palette ─────────────────────────────────────────────────────────────────
  const images = [
    { label: 'noisy JPEG', bytes: noisyJpeg(1780, 1360) },
    { label: 'noisy PNG', bytes: noisyPng(1550, 1200) },
    { label: 'photo-like JPEG 12 MP', bytes: photoJpeg(4000, 3000) },
  ];
  console.log('\nPalette (functions/_shared/palette.ts), in process: decode + downscale + MMCQ; median of 3');
  console.log('  "jpeg-js" is the former path (a JPEG decoded in plain JS, then sampled down to 200 px);');
  console.log('  "palette" is paletteOfImage now (a JPEG decoded by mozjpeg as WebAssembly; a PNG by fast-png either way)');
  const med = (a: number[]) => a.sort((x, y) => x - y)[1];
  async function timed(fn: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < 3; i++) {
      const c = process.cpuUsage();
      const t = performance.now();
      await fn();
      wall.push(performance.now() - t);
      const d = process.cpuUsage(c);
      cpu.push((d.user + d.system) / 1000);
    }
    return { cpu: med(cpu), wall: med(wall) };
  }
  for (const img of images) {
    const meta = await decodeImage(img.bytes);
    const before = await timed(async () => paletteOfPixels(await decodeImage(img.bytes, 'jpeg-js')));
    const after = await timed(() => paletteOfImage(img.bytes));
    console.log(`  ${img.label.padEnd(22)} ${(img.bytes.byteLength / 1048576).toFixed(2)} MiB ${`${meta.width}×${meta.height}`.padEnd(9)}`);
    console.log(`    jpeg-js       CPU ${ms(before.cpu)}   wall ${ms(before.wall)}`);
    console.log(`    palette       CPU ${ms(after.cpu)}   wall ${ms(after.wall)}`);
  }

  // The same as a job: upload to the events bucket, point the event at it, let the worker run.
  console.log('  as a palette job through the stack (upload excluded, worker pass until done):');
  for (const img of images) {
    const path = `bench/${img.label.replace(/\W+/g, '-')}.${img.label.includes('PNG') ? 'png' : 'jpg'}`;
    const up = await staff.storage.from('events').upload(path, img.bytes, { contentType: img.label.includes('PNG') ? 'image/png' : 'image/jpeg', upsert: true });
    if (up.error) {
      const cause = (up.error as { originalError?: { cause?: unknown } }).originalError?.cause;
      console.log(`  ${img.label.padEnd(22)} upload failed: ${up.error.message}${cause ? ` (${String(cause)})` : ''}`);
      continue;
    }
    const url = staff.storage.from('events').getPublicUrl(path).data.publicUrl;
    const t = performance.now();
    await staff.from('events').update({ image_url: url }).eq('id', id);
    await drain(stack, 50);
    const { data } = await service.from('events').select('colors').eq('id', id).single();
    console.log(`  ${img.label.padEnd(22)} wall ${ms(performance.now() - t)}   ${data?.colors ? 'colors written' : 'no colors'}`);
  }
} finally {
  await stack.stop();
  await gemini.close();
}

// ── generated images ─────────────────────────────────────────────────────────
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** Gradient plus uniform noise of ±amp, RGBA. */
function pixels(w: number, h: number, amp: number): Uint8Array {
  const rnd = rng(42);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const base = [(x * 255) / w, (y * 255) / h, 128 + 100 * Math.sin((x + y) / 300)];
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, base[c] + (rnd() - 0.5) * 2 * amp));
      data[i + 3] = 255;
    }
  }
  return data;
}

/** Encodes smaller until it is under the 5 MiB upload limit (and so the palette's). */
function underLimit(encode: (scale: number) => Uint8Array): Uint8Array {
  for (let scale = 1; ; scale *= 0.95) {
    const bytes = encode(scale);
    if (bytes.byteLength < MAX_IMAGE_BYTES) return bytes;
  }
}

/** Close to 5 MB: full-range noise compresses badly, so about 2.4 MP. */
function noisyJpeg(w: number, h: number): Uint8Array {
  return underLimit((k) => {
    const [sw, sh] = [Math.round(w * k), Math.round(h * k)];
    return new Uint8Array(jpeg.encode({ data: pixels(sw, sh, 255), width: sw, height: sh }, 90).data);
  });
}

function noisyPng(w: number, h: number): Uint8Array {
  return underLimit((k) => {
    const [sw, sh] = [Math.round(w * k), Math.round(h * k)];
    return encodePng({ width: sw, height: sh, data: pixels(sw, sh, 255), channels: 4, depth: 8 });
  });
}

/** A camera-sized picture (12 MP) with grain, which also lands near 5 MB. */
function photoJpeg(w: number, h: number): Uint8Array {
  return underLimit((k) => new Uint8Array(jpeg.encode({ data: pixels(w, h, 18 * k), width: w, height: h }, 85).data));
}
