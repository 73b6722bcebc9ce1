// The real migrations and seed on a running stack: the seed loaded, the
// buckets exist, and the job triggers follow the enqueue rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const count = async (sql: string, params: unknown[] = []) =>
  Number((await stack.db.query<{ n: number | string }>(`select count(*)::int as n from (${sql}) s`, params)).rows[0].n);

describe('database schema', () => {
  it('applies every migration and the seed', async () => {
    expect(stack.migrations.seeded).toBe(true);
    const versions = (await stack.db.query<{ name: string }>('select name from supabase_migrations.schema_migrations order by version')).rows.map((r) => r.name);
    const mine = ['private_helpers', 'users', 'jobs', 'content', 'audit', 'storage', 'worker_schedule'];
    expect(versions.filter((v) => mine.includes(v))).toEqual(mine);
  });

  it('seeds the first admin, one staff user and real content', async () => {
    const users = (await stack.db.query<{ email: string; role: string }>('select email, role from public.users order by id')).rows;
    expect(users).toEqual([
      { email: 'admin@example.com', role: 'admin' },
      { email: 'staff@example.com', role: 'staff' },
    ]);
    expect(await count('select 1 from public.categories')).toBeGreaterThanOrEqual(3);
    expect(await count('select 1 from public.events')).toBeGreaterThanOrEqual(10);
    expect(await count('select 1 from public.people')).toBeGreaterThanOrEqual(3);
    expect(await count("select 1 from public.resources where media_type = 'youtube'")).toBe(1);
    expect(await count("select 1 from public.events where slug is null or month_day is null or author_id is null")).toBe(0);
    // without an AI key nothing is translated: 13 languages wait per event
    expect(await count("select 1 from public.event_translations where language_code <> 'en' and status <> 'pending'")).toBe(0);
    expect(await count('select 1 from public.events where processed_at is not null')).toBe(0);
  });

  it('lets the seeded admin sign in', async () => {
    const client = await stack.signedIn('admin@example.com', 'Admin#2026');
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe('admin@example.com');
  });

  it('creates the five image buckets', async () => {
    const rows = (await stack.db.query<{ id: string; public: boolean; file_size_limit: number | string; allowed_mime_types: string[] }>(
      "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id in ('users','events','categories','people','resources') order by id",
    )).rows;
    expect(rows.map((r) => r.id)).toEqual(['categories', 'events', 'people', 'resources', 'users']);
    for (const r of rows) {
      expect(Number(r.file_size_limit)).toBe(5242880);
      expect(r.allowed_mime_types).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    }
  });

  it('queues jobs only for relevant changes', async () => {
    await stack.db.transaction(async (tx) => {
      await tx.exec(`set local role authenticated; set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000002","role":"authenticated"}'`);
      const ev = (await tx.query<{ id: number }>("select id from public.events where slug = 'battle-of-hastings'")).rows[0].id;
      const jobs = async () => Number((await tx.query<{ n: number }>('select count(*)::int as n from public.jobs where entity_id = $1 and entity_table = $2', [ev, 'events'])).rows[0].n);
      const before = await jobs();
      await tx.query("update public.events set start_date = '1066-10-15', important = 2, city = 'Battle' where id = $1", [ev]);
      expect(await jobs()).toBe(before);
      await tx.query("update public.event_translations set title = 'The Battle of Hastings' where event_id = $1 and language_code = 'en'", [ev]);
      const kinds = (await tx.query<{ kind: string }>("select kind::text from public.jobs where entity_id = $1 and entity_table = 'events' and status = 'pending' order by id", [ev])).rows.map((r) => r.kind);
      expect(kinds.filter((k) => k === 'translate')).toHaveLength(1);
      expect((await tx.query<{ slug: string }>('select slug from public.events where id = $1', [ev])).rows[0].slug).toBe('the-battle-of-hastings');
      throw new Error('rollback');
    }).catch((e) => {
      if (String(e).indexOf('rollback') < 0) throw e;
    });
  });
});
