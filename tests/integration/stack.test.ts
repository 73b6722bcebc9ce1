// The embedded stack itself: migrations ledger, seed, keys, status file, the
// Postgres wire port, functions runner, worker loop, web hosting, outbox page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { decodeJwt } from 'jose';
import { signJwt } from '../../embedded/jwt.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const fixtures = join(import.meta.dirname, '../fixtures/stack');
const options = {
  migrationsDir: join(fixtures, 'migrations'),
  seedFile: join(fixtures, 'seed.sql'),
  functionsDir: join(fixtures, 'functions'),
  configToml: join(fixtures, 'config.toml'),
  webDist: join(fixtures, 'web'),
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack(options);
});
afterAll(() => stack?.stop());

describe('database bootstrap', () => {
  test('applies migrations in order and records them as the Supabase CLI does', async () => {
    expect(stack.migrations.applied).toEqual(['20260101000000_notes.sql', '20260102000000_more.sql']);
    const { rows } = await stack.db.query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    );
    expect(rows).toEqual([
      { version: '20260101000000', name: 'notes' },
      { version: '20260102000000', name: 'more' },
    ]);
  });

  test('runs seed.sql on first start', async () => {
    expect(stack.migrations.seeded).toBe(true);
    const { rows } = await stack.db.query<{ body: string }>('select body from public.notes');
    expect(rows.map((r) => r.body)).toEqual(['seeded']);
  });

  test('creates the platform roles, auth and storage schemas as on Supabase', async () => {
    const roles = await stack.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by rolname`,
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
    const fns = await stack.db.query<{ v: string[]; f: string; e: string }>(
      `select storage.foldername('a/b/c.png') as v, storage.filename('a/b/c.png') as f, storage.extension('a/b/c.png') as e`,
    );
    expect(fns.rows[0]).toEqual({ v: ['a', 'b'], f: 'c.png', e: 'png' });
  });

  test('auth.uid() and auth.role() read the request claims', async () => {
    const sub = '00000000-0000-4000-8000-000000000001';
    const { rows } = await stack.db.transaction(async (tx) => {
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub, role: 'authenticated' })]);
      return tx.query<{ uid: string; role: string }>('select auth.uid()::text as uid, auth.role() as role');
    });
    expect(rows[0]).toEqual({ uid: sub, role: 'authenticated' });
  });

  test('serves the Postgres wire protocol for psql and pg tools', async () => {
    const client = new pg.Client({ connectionString: stack.dbUrl });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from public.notes');
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});

describe('keys and status', () => {
  test('derives anon and service_role keys from the per-install secret', async () => {
    expect(decodeJwt(stack.keys.anonKey).role).toBe('anon');
    expect(decodeJwt(stack.keys.serviceRoleKey).role).toBe('service_role');
    expect(stack.keys.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  test('writes what `npm run status` prints', () => {
    const status = JSON.parse(readFileSync(join(stack.config.dataDir, 'status.json'), 'utf8'));
    expect(status).toMatchObject({
      API_URL: stack.apiUrl,
      DB_URL: stack.dbUrl,
      ANON_KEY: stack.keys.anonKey,
      SERVICE_ROLE_KEY: stack.keys.serviceRoleKey,
      JWT_SECRET: stack.keys.jwtSecret,
      OUTBOX_URL: stack.outboxUrl,
    });
  });
});

describe('/functions/v1', () => {
  test('runs a function through supabase-js with the caller path and body', async () => {
    const { data, error } = await stack.anon().functions.invoke('echo/sub?x=1', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data).toEqual({ method: 'POST', path: '/echo/sub', query: '?x=1', body: '{"hello":"world"}' });
  });

  test('refuses a call without a JWT, or with a forged one, unless verify_jwt = false', async () => {
    const missing = await fetch(`${stack.apiUrl}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const forged = await signJwt({ role: 'service_role' }, 'not-the-secret-not-the-secret-not-the-secret');
    const bad = await fetch(`${stack.apiUrl}/functions/v1/echo`, { method: 'POST', headers: { authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const open = await fetch(`${stack.apiUrl}/functions/v1/open`);
    expect(open.status).toBe(200);
    expect(await open.text()).toBe('open');
  });

  test('answers 404 for an unknown function and 500 for a crash, and keeps serving', async () => {
    const headers = { authorization: `Bearer ${stack.keys.anonKey}` };
    const unknown = await fetch(`${stack.apiUrl}/functions/v1/nope`, { headers });
    expect(unknown.status).toBe(404);
    const traversal = await fetch(`${stack.apiUrl}/functions/v1/_shared`, { headers });
    expect(traversal.status).toBe(404);
    const boom = await fetch(`${stack.apiUrl}/functions/v1/boom`, { headers });
    expect(boom.status).toBe(500);
    expect((await fetch(`${stack.apiUrl}/functions/v1/open`)).status).toBe(200);
  });
});

describe('job worker loop', () => {
  test('calls the worker function with the service_role key when the database notifies `jobs`', async () => {
    const withWorker = await startTestStack({ ...options, worker: true, workerIntervalMs: 60_000 });
    try {
      const calls = ((globalThis as Record<string, unknown>).__workerCalls ??= []) as string[];
      const before = calls.length;
      await withWorker.db.query(`select pg_notify('jobs', 'translate')`);
      await expect.poll(() => calls.length, { timeout: 5000 }).toBeGreaterThan(before);
      expect(calls.at(-1)).toBe(`Bearer ${withWorker.keys.serviceRoleKey}`);
    } finally {
      await withWorker.stop();
    }
  });
});

describe('web hosting', () => {
  test('serves the app with an SPA fallback and 404 for missing assets', async () => {
    const home = await fetch(`${stack.apiUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('fixture app');
    const deep = await fetch(`${stack.apiUrl}/category/edit/3/ancient-rome`);
    expect(await deep.text()).toContain('fixture app');
    const js = await fetch(`${stack.apiUrl}/assets/app.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('content-type')).toContain('javascript');
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(await js.text()).toBe('console.log("app")\n');
    expect((await fetch(`${stack.apiUrl}/assets/missing.js`)).status).toBe(404);
    const escape = await fetch(`${stack.apiUrl}/..%2f..%2fpackage.json`);
    expect(await escape.text()).toContain('fixture app');
  });

  test('gives the browser the API URL and anon key only', async () => {
    const script = await (await fetch(`${stack.apiUrl}/runtime-config.js`)).text();
    expect(script).toContain(stack.keys.anonKey);
    expect(script).toContain(stack.apiUrl);
    expect(script).not.toContain(stack.keys.serviceRoleKey);
    expect(script).not.toContain(stack.keys.jwtSecret);
  });
});

describe('mail outbox', () => {
  test('lists sent mail with its links on the outbox page and its JSON API', async () => {
    stack.outbox.send({
      to: 'ada@example.com',
      subject: 'Reset Your Password',
      text: 'Follow the link',
      html: '<a href="http://127.0.0.1/reset?a=1&amp;b=2">Reset</a>',
    });
    const page = await (await fetch(stack.outboxUrl)).text();
    expect(page).toContain('Reset Your Password');
    expect(page).toMatch(/<a href="http:\/\/127\.0\.0\.1\/reset\?a=1&(amp|#38);b=2">/);
    const api = await (await fetch(`${stack.outboxUrl}/api/messages?to=ada@example.com`)).json();
    expect(api[0].links).toEqual(['http://127.0.0.1/reset?a=1&b=2']);
  });
});

describe('restart', () => {
  test('a second start on the same data keeps keys, data and the ledger, and re-applies nothing', async () => {
    const first = await startTestStack({ ...options });
    const dataDir = first.config.dataDir;
    const keys = first.keys;
    await first.close(); // keep the data folder
    const { startStack } = await import('../../embedded/stack.ts');
    const second = await startStack({ ...options, apiPort: 0, dbPort: 0, outboxPort: 0, dataDir, quiet: true, worker: false, databaseUrl: first.config.databaseUrl });
    try {
      expect(second.migrations).toEqual({ applied: [], seeded: false });
      expect(second.keys.jwtSecret).toBe(keys.jwtSecret);
      const { rows } = await second.db.query<{ n: number }>('select count(*)::int as n from public.notes');
      expect(rows[0].n).toBe(1);
    } finally {
      await second.close();
      await first.stop();
    }
    expect(existsSync(dataDir)).toBe(false);
  });
});
