// Refresh-token rotation, reuse detection, logout scopes, GET/PUT /user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

// No grace period, so reuse of an old token is detected at once.
process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL = '0';
let stack: TestStack;
const pw = 'secret-1';

beforeAll(async () => {
  stack = await startTestStack();
  for (const email of ['bob@example.com', 'carl@example.com', 'dora@example.com']) {
    await stack.service().auth.admin.createUser({ email, password: pw, email_confirm: true });
  }
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL;
});

const signIn = async (email: string, password = pw) => {
  const client = stack.anon();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return { client, session: data.session! };
};

describe('refresh tokens', () => {
  it('rotates, returns the child on a lost answer, and detects reuse', async () => {
    const { client, session } = await signIn('bob@example.com');
    const a = session.refresh_token;
    const r1 = await client.auth.refreshSession({ refresh_token: a });
    expect(r1.error).toBeNull();
    const b = r1.data.session!.refresh_token;
    expect(b).not.toBe(a);
    // Parent of the active token: the client lost the answer, it gets b again.
    const again = await stack.anon().auth.refreshSession({ refresh_token: a });
    expect(again.data.session?.refresh_token).toBe(b);
    const r2 = await stack.anon().auth.refreshSession({ refresh_token: b });
    const c = r2.data.session!.refresh_token;
    // a is now two generations old: reuse → the family is revoked.
    const reuse = await stack.anon().auth.refreshSession({ refresh_token: a });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');
    const afterTheft = await stack.anon().auth.refreshSession({ refresh_token: c });
    expect(afterTheft.error?.code).toBe('refresh_token_already_used');
  });

  it('answers refresh_token_not_found for an unknown token', async () => {
    const { error } = await stack.anon().auth.refreshSession({ refresh_token: 'nope-nope-no' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });
});

describe('logout', () => {
  it('scope local ends only this session; its token then fails with session_not_found', async () => {
    const one = await signIn('carl@example.com');
    const two = await signIn('carl@example.com');
    expect((await one.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    // GoTrue answers 403 session_not_found; supabase-js turns it into AuthSessionMissingError.
    const raw = await fetch(`${stack.apiUrl}/auth/v1/user`, { headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${one.session.access_token}`, 'x-supabase-api-version': '2024-01-01' } });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });
    const gone = await stack.anon().auth.getUser(one.session.access_token);
    expect(gone.error?.name).toBe('AuthSessionMissingError');
    expect((await stack.anon().auth.refreshSession({ refresh_token: one.session.refresh_token })).error?.code).toBe('refresh_token_not_found');
    expect((await stack.anon().auth.getUser(two.session.access_token)).error).toBeNull();
  });

  it('scope others keeps the caller, global ends all', async () => {
    const one = await signIn('carl@example.com');
    const two = await signIn('carl@example.com');
    await one.client.auth.signOut({ scope: 'others' });
    expect((await stack.anon().auth.getUser(one.session.access_token)).error).toBeNull();
    expect((await stack.anon().auth.getUser(two.session.access_token)).error?.name).toBe('AuthSessionMissingError');
    const res = await fetch(`${stack.apiUrl}/auth/v1/logout?scope=global`, { method: 'POST', headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${one.session.access_token}` } });
    expect(res.status).toBe(204);
    expect((await stack.anon().auth.getUser(one.session.access_token)).error?.name).toBe('AuthSessionMissingError');
  });
});

describe('user', () => {
  it('GET /user returns the user; PUT /user merges data', async () => {
    const { client, session } = await signIn('dora@example.com');
    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(session.user.id);
    const upd = await client.auth.updateUser({ data: { full_name: 'Dora D' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ full_name: 'Dora D' });
  });

  it('rejects weak, empty and same passwords with GoTrue codes; changes a good one', async () => {
    const { client } = await signIn('dora@example.com');
    for (const password of ['abc', '']) {
      const { error } = await client.auth.updateUser({ password });
      expect(error?.status).toBe(422);
      expect(error?.code).toBe('weak_password');
      expect(error?.message).toBe('Password should be at least 6 characters.');
      expect((error as unknown as { reasons: string[] }).reasons).toEqual(['length']);
    }
    const same = await client.auth.updateUser({ password: pw });
    expect(same.error?.status).toBe(422);
    expect(same.error?.code).toBe('same_password');
    expect((await client.auth.updateUser({ password: 'new-secret' })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email: 'dora@example.com', password: pw })).error?.code).toBe('invalid_credentials');
    expect((await stack.anon().auth.signInWithPassword({ email: 'dora@example.com', password: 'new-secret' })).error).toBeNull();
  });

  it('refuses an e-mail change clearly', async () => {
    const { client } = await signIn('dora@example.com', 'new-secret');
    const { error } = await client.auth.updateUser({ email: 'other@example.com' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('feature_disabled');
  });
});
