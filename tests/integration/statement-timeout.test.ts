// Per-role statement timeouts, as on Supabase (anon 3 s, authenticated 8 s):
// one slow request cannot hold the database for everyone.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signJwt } from '../../embedded/jwt.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: join(import.meta.dirname, '../fixtures/timeouts/migrations'), seedFile: '' });
});
afterAll(() => stack?.stop());

test('each API role runs under its own statement timeout', async () => {
  const anon = await stack.anon().rpc('my_statement_timeout');
  expect(anon.data).toBe('3s');
  const token = await signJwt({ sub: '00000000-0000-4000-8000-000000000009', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, stack.keys.jwtSecret);
  const { createClient } = await import('@supabase/supabase-js');
  const user = createClient(stack.apiUrl, stack.keys.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } }, auth: { persistSession: false } });
  expect((await user.rpc('my_statement_timeout')).data).toBe('8s');
});

// PGlite runs statements in WebAssembly on one thread and cannot cancel them;
// on Postgres (CI's second pass) the timeout really stops the statement.
test.runIf(!!process.env.TEST_DATABASE_URL)(
  'on Postgres, an anon statement past 3 s is cancelled with 57014',
  async () => {
    const started = Date.now();
    const { error } = await stack.anon().rpc('slow', { seconds: 6 });
    expect(error?.code).toBe('57014');
    expect(Date.now() - started).toBeLessThan(5500);
  },
);
