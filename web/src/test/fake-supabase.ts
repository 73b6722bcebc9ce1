import { vi } from 'vitest';

/**
 * A stand-in for the supabase-js client, used only at the module boundary
 * (`vi.mock('@/lib/supabase')`) by component tests that run without a backend.
 * Table queries are recorded; `onTable(name, handler)` decides their answers.
 */
export interface Op {
  op: string;
  args: unknown[];
}
export interface QueryResult {
  data: unknown;
  error: { message: string; code?: string } | null;
  count?: number | null;
}
type Handler = (ops: Op[]) => QueryResult;

export function createFakeSupabase() {
  const handlers = new Map<string, Handler>();
  const queries: Array<{ table: string; ops: Op[] }> = [];

  const from = (table: string) => {
    const ops: Op[] = [];
    queries.push({ table, ops });
    const builder: unknown = new Proxy(
      {},
      {
        get(_t, prop) {
          if (prop === 'then') {
            return (resolve: (v: QueryResult) => unknown, reject: (e: unknown) => unknown) =>
              Promise.resolve()
                .then(() => (handlers.get(table) ?? (() => ({ data: [], error: null, count: 0 })))(ops))
                .then(resolve, reject);
          }
          return (...args: unknown[]) => {
            ops.push({ op: String(prop), args });
            return builder;
          };
        },
      },
    );
    return builder;
  };

  const client = {
    from: vi.fn(from),
    rpc: vi.fn(async () => ({ data: null, error: null })),
    auth: {
      getSession: vi.fn(async () => ({ data: { session: null as unknown }, error: null })),
      onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: vi.fn() } } })),
      signInWithPassword: vi.fn(async (_: { email: string; password: string }) => ({ data: { session: null as unknown, user: null }, error: null as unknown })),
      signInWithOAuth: vi.fn(async () => ({ data: {}, error: null })),
      signOut: vi.fn(async (_?: unknown) => ({ error: null })),
      exchangeCodeForSession: vi.fn(async (_: string) => ({ data: {}, error: null as unknown })),
      verifyOtp: vi.fn(async () => ({ data: {}, error: null as unknown })),
      updateUser: vi.fn(async (_: unknown) => ({ data: {}, error: null as unknown })),
      resetPasswordForEmail: vi.fn(async (_e: string, _o?: unknown) => ({ data: {}, error: null as unknown })),
      admin: { deleteUser: vi.fn() },
    },
    functions: { invoke: vi.fn(async (_name: string, _opts?: unknown) => ({ data: null as unknown, error: null as unknown })) },
    storage: {
      from: vi.fn(() => ({
        upload: vi.fn(async () => ({ data: {}, error: null })),
        getPublicUrl: vi.fn((name: string) => ({ data: { publicUrl: `http://127.0.0.1:54321/storage/v1/object/public/x/${name}` } })),
        remove: vi.fn(async () => ({ data: [], error: null })),
      })),
    },
  };

  return {
    client,
    queries,
    onTable(table: string, handler: Handler) {
      handlers.set(table, handler);
    },
    reset() {
      handlers.clear();
      queries.length = 0;
    },
  };
}

export const fakeSession = (id = 'u-1', email = 'ada@example.com') => ({
  access_token: 'token',
  refresh_token: 'refresh',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: 'bearer',
  user: { id, email, aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
});

export const fakeProfile = (over: Record<string, unknown> = {}) => ({
  id: 1,
  uuid: 'u-1',
  email: 'ada@example.com',
  username: 'ada',
  fullname: 'Ada Admin',
  phone_number: null,
  role: 'admin',
  profile_picture_url: null,
  created_at: '2024-03-03T10:00:00Z',
  ...over,
});
