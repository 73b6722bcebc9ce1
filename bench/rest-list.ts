// `npm run bench`: requests/s and p50/p95 latency of the console's events list
// (an embedded resource, an inner-joined translation and an exact count) on the
// embedded stack, for the first page and a deep page. Prints figures only;
// nothing here passes or fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../embedded/stack.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const stack = await startStack({ apiPort: 0, dbPort: 0, outboxPort: 0, dataDir, quiet: true, worker: false, socket: false });
try {
  const t0 = performance.now();
  await stack.db.exec(`
    insert into public.events (start_date, important, category_ids)
      select date '1500-01-01' + (i * 37 % 180000), 1 + i % 5, array[(select min(id) from public.categories)]
      from generate_series(1, ${EVENTS}) i;
    insert into public.event_translations (event_id, language_code, title, content)
      select id, 'en', 'Bench event ' || id, '<p>Story ' || id || '</p>' from public.events
      on conflict (event_id, language_code) do nothing;
  `);
  console.log(`inserted ${EVENTS} events with English translations in ${Math.round(performance.now() - t0)} ms`);

  const login = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin#2026' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { apikey: stack.keys.anonKey, authorization: `Bearer ${access_token}`, prefer: 'count=exact' };
  const select = 'id,slug,start_date,important,created_at,author:users(fullname),event_translations!inner(title)';

  async function measure(label: string, offset: number): Promise<void> {
    const url = `${stack.apiUrl}/rest/v1/events?select=${encodeURIComponent(select)}&event_translations.language_code=eq.en&order=created_at.desc,id.desc&limit=10&offset=${offset}`;
    const check = await fetch(url, { headers });
    const body = (await check.json()) as unknown[];
    if (check.status !== 200 && check.status !== 206) throw new Error(`${label}: HTTP ${check.status} ${JSON.stringify(body)}`);
    const range = check.headers.get('content-range');
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < REQUESTS) {
          const t = performance.now();
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
    console.log(
      `${label.padEnd(22)} ${(REQUESTS / seconds).toFixed(0).padStart(5)} req/s   p50 ${pct(50)} ms   p95 ${pct(95)} ms   (${body.length} rows, Content-Range ${range})`,
    );
  }

  console.log(`\nGET /rest/v1/events  select=${select}  count=exact  ${REQUESTS} requests, ${CONCURRENCY} at a time, ${stack.db.kind}`);
  await measure('first page (offset 0)', 0);
  await measure(`deep page (offset ${EVENTS - 20})`, EVENTS - 20);
} finally {
  await stack.close();
  rmSync(dataDir, { recursive: true, force: true });
}
