// Password recovery end to end: /recover mails a link to the outbox; the link
// (or its token_hash) signs the user in; the new password then works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from '../support/stack.ts';

process.env.AUTH_EMAIL_MAX_FREQUENCY_SECONDS = '0';
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
  for (const email of ['rita@example.com', 'pia@example.com', 'hash@example.com', 'limit@example.com']) {
    await stack.service().auth.admin.createUser({ email, password: 'old-secret', email_confirm: true });
  }
});
afterAll(async () => {
  await stack?.stop();
  delete process.env.AUTH_EMAIL_MAX_FREQUENCY_SECONDS;
});

const lastLink = (email: string) => {
  const mail = stack.outbox.list(email)[0];
  expect(mail.subject).toBe('Reset Your Password');
  return new URL(mail.links[0]);
};

describe('recovery', () => {
  it('answers {} for unknown addresses and sends no mail', async () => {
    const { data, error } = await stack.anon().auth.resetPasswordForEmail('ghost@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(stack.outbox.list('ghost@example.com')).toHaveLength(0);
  });

  it('implicit flow: GET link → 303 with tokens in the fragment; then a new password', async () => {
    await stack.anon().auth.resetPasswordForEmail('rita@example.com');
    const link = lastLink('rita@example.com');
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${stack.config.siteUrl}/reset-password`);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get('location')!);
    expect(`${loc.origin}${loc.pathname}`).toBe(`${stack.config.siteUrl}/reset-password`);
    const frag = new URLSearchParams(loc.hash.slice(1));
    expect(frag.get('type')).toBe('recovery');
    expect(frag.get('token_type')).toBe('bearer');
    const client = stack.anon();
    const set = await client.auth.setSession({ access_token: frag.get('access_token')!, refresh_token: frag.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'brand-new' })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email: 'rita@example.com', password: 'brand-new' })).error).toBeNull();
    // The link is spent: a second click lands on the error redirect.
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const err = new URL(again.headers.get('location')!);
    expect(err.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
  });

  it('token_hash POST /verify (verifyOtp) returns a session', async () => {
    await stack.anon().auth.resetPasswordForEmail('hash@example.com');
    const token_hash = lastLink('hash@example.com').searchParams.get('token')!;
    const client = stack.anon();
    const { data, error } = await client.auth.verifyOtp({ type: 'recovery', token_hash });
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('hash@example.com');
    const reuse = await stack.anon().auth.verifyOtp({ type: 'recovery', token_hash });
    expect(reuse.error?.status).toBe(403);
    expect(reuse.error?.code).toBe('otp_expired');
    expect(reuse.error?.message).toBe('Email link is invalid or has expired');
  });

  it('e-mailed code with email + token works too', async () => {
    await stack.anon().auth.resetPasswordForEmail('hash@example.com');
    const code = /enter the code: (\d{6})/.exec(stack.outbox.list('hash@example.com')[0].text)![1];
    const bad = await stack.anon().auth.verifyOtp({ type: 'recovery', email: 'hash@example.com', token: '000000' === code ? '111111' : '000000' });
    expect(bad.error?.code).toBe('otp_expired');
    const { data, error } = await stack.anon().auth.verifyOtp({ type: 'recovery', email: 'hash@example.com', token: code });
    expect(error).toBeNull();
    expect(data.session).toBeTruthy();
  });

  it('PKCE flow: link → ?code= → exchangeCodeForSession', async () => {
    const client = createClient(stack.apiUrl, stack.keys.anonKey, { auth: { flowType: 'pkce', persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
    const redirectTo = `${stack.config.siteUrl}/reset-password`;
    expect((await client.auth.resetPasswordForEmail('pia@example.com', { redirectTo })).error).toBeNull();
    const link = lastLink('pia@example.com');
    expect(link.searchParams.get('token')).toMatch(/^pkce_/);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get('location')!);
    const code = loc.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe('pia@example.com');
    expect((await client.auth.updateUser({ password: 'pkce-new-pw' })).error).toBeNull();
    expect((await stack.anon().auth.signInWithPassword({ email: 'pia@example.com', password: 'pkce-new-pw' })).error).toBeNull();
    // A code is exchanged once.
    const twice = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=pkce`, { method: 'POST', headers: { apikey: stack.keys.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }) });
    expect(twice.status).toBe(404);
  });

  it('falls back to the site URL for a redirect outside the allow list', async () => {
    await stack.anon().auth.resetPasswordForEmail('hash@example.com', { redirectTo: 'https://evil.example.net/steal' });
    expect(lastLink('hash@example.com').searchParams.get('redirect_to')).toBe(stack.config.siteUrl);
  });

  it('validates the address', async () => {
    const { error } = await stack.anon().auth.resetPasswordForEmail('not-an-address');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });
});
