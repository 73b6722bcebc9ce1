// Starts a private embedded stack for one test file: its own temp data folder
// and free ports, so test files (and developers' own stacks) never collide.
// DATABASE_URL, when set, makes the stack run on that Postgres instead of PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stack-'));
  const stack = await startStack({
    apiPort: 0,
    dbPort: 0,
    outboxPort: 0,
    dataDir,
    quiet: true,
    worker: false,
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
