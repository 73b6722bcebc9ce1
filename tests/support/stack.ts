// Starts a private embedded stack for one test file: its own temp data folder
// and free ports, so test files (and developers' own stacks) never collide.
// DATABASE_URL, when set, makes the stack run on that Postgres instead of PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startStack, type Stack, type StackOptions } from '../../embedded/stack.ts';

export interface TestStack extends Stack {
  /** A supabase-js client with the anon key, no session persisted. */
  anon(): SupabaseClient;
  /** A supabase-js client with the service_role key. */
  service(): SupabaseClient;
  /** A client signed in with e-mail and password. */
  signedIn(email: string, password: string): Promise<SupabaseClient>;
  stop(): Promise<void>;
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/**
 * With TEST_DATABASE_URL (a Postgres server), each test stack gets a database
 * of its own on it, dropped when the stack stops.
 */
async function privateDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { drop: async () => {} };
  const name = `stack_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-'));
  const database = await privateDatabase();
  const stack = await startStack({
    apiPort: 0,
    dbPort: 0,
    outboxPort: 0,
    dataDir,
    quiet: true,
    worker: false,
    databaseUrl: database.url,
    ...options,
  });
  const make = (key: string) => createClient(stack.apiUrl, key, clientOptions);
  return {
    ...stack,
    anon: () => make(stack.keys.anonKey),
    service: () => make(stack.keys.serviceRoleKey),
    async signedIn(email, password) {
      const client = make(stack.keys.anonKey);
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`);
      return client;
    },
    async stop() {
      await stack.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
