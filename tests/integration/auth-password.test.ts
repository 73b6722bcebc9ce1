// Password sign-in through supabase-js: the session shape, GoTrue's errors,
// the per-address rate limit, and bcrypt hashes made by pgcrypto.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { startTestStack, type TestStack } from '../support/stack.ts';

process.env.AUTH_RATE_LIMIT_TOKEN = '5';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  const { error } = await stack.service().auth.admin.createUser({ email: 'ann@example.com', password: 'secret-1', email_confirm: true, user_metadata: { name: 'Ann' } });
  expect(error).toBeNull();
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.AUTH_RATE_LIMIT_TOKEN;
});

describe('password sign-in', () => {
  it('returns a GoTrue session and user', async () => {
    const { data, error } = await stack.anon().auth.signInWithPassword({ email: 'Ann@Example.com', password: 'secret-1' });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.refresh_token).toMatch(/^[\w-]{12}$/);
    const u = data.user!;
    expect(u).toMatchObject({ aud: 'authenticated', role: 'authenticated', email: 'ann@example.com', phone: '', is_anonymous: false, user_metadata: { name: 'Ann' }, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(u.email_confirmed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(u.last_sign_in_at).toBeTruthy();
    expect(u.identities).toHaveLength(1);
    expect(u.identities![0]).toMatchObject({ provider: 'email', id: u.id, user_id: u.id, identity_data: { email: 'ann@example.com', sub: u.id } });
    const claims = decodeJwt(s.access_token);
    expect(claims).toMatchObject({ iss: `${stack.apiUrl}/auth/v1`, sub: u.id, aud: 'authenticated', role: 'authenticated', email: 'ann@example.com', aal: 'aal1', is_anonymous: false });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.amr as { method: string }[])[0].method).toBe('password');
    expect(claims.exp! - claims.iat!).toBe(3600);
  });

  it('answers invalid_credentials for a wrong password or an unknown address', async () => {
    for (const [email, password] of [['ann@example.com', 'wrong-pw'], ['nobody@example.com', 'secret-1']]) {
      const { data, error } = await stack.anon().auth.signInWithPassword({ email, password });
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('answers the legacy error shape without the API version header', async () => {
    const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', password: 'nope-nope' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await res.json()).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
  });

  it('refuses an unconfirmed address', async () => {
    await stack.service().auth.admin.createUser({ email: 'unconfirmed@example.com', password: 'secret-1' });
    const { error } = await stack.anon().auth.signInWithPassword({ email: 'unconfirmed@example.com', password: 'secret-1' });
    expect(error?.code).toBe('email_not_confirmed');
  });

  it('verifies $2a$ hashes made by pgcrypto', async () => {
    const { data } = await stack.service().auth.admin.createUser({ email: 'seeded@example.com', email_confirm: true });
    await stack.db.exec('create extension if not exists pgcrypto');
    await stack.db.query(`update auth.users set encrypted_password = crypt('seeded-pw', gen_salt('bf')) where id = $1`, [data.user!.id]);
    const { rows } = await stack.db.query<{ p: string }>(`select encrypted_password as p from auth.users where id = $1`, [data.user!.id]);
    expect(rows[0].p).toMatch(/^\$2a\$/);
    const { error } = await stack.anon().auth.signInWithPassword({ email: 'seeded@example.com', password: 'seeded-pw' });
    expect(error).toBeNull();
  });

  it('rate-limits password attempts per address (AUTH_RATE_LIMIT_TOKEN)', async () => {
    await stack.service().auth.admin.createUser({ email: 'target@example.com', password: 'secret-1', email_confirm: true });
    const client = stack.anon();
    for (let i = 0; i < 5; i++) {
      const { error } = await client.auth.signInWithPassword({ email: 'target@example.com', password: `guess-${i}` });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await client.auth.signInWithPassword({ email: 'target@example.com', password: 'secret-1' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toBe('Request rate limit reached');
    // Other addresses are not affected.
    const other = await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'secret-1' });
    expect(other.error).toBeNull();
  });
});
