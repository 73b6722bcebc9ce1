// Settings, health, /authorize, closed sign-ups, and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});
const url = (p: string) => `${stack.apiUrl}/auth/v1${p}`;
const headers = () => ({ apikey: stack.keys.anonKey, 'content-type': 'application/json' });

describe('public endpoints', () => {
  it('GET /health and /settings', async () => {
    expect((await fetch(url('/health'), { headers: headers() })).status).toBe(200);
    const s = await (await fetch(url('/settings'), { headers: headers() })).json();
    expect(s.external).toMatchObject({ email: true, google: false, apple: false, phone: false });
    expect(s.disable_signup).toBe(true);
  });

  it('/authorize for a disabled provider answers GoTrue\'s error', async () => {
    const res = await fetch(url('/authorize?provider=google&redirect_to=' + encodeURIComponent(stack.config.siteUrl)), { headers: headers(), redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 400, error_code: 'validation_failed', msg: 'Unsupported provider: provider is not enabled' });
  });

  it('signUp is disabled', async () => {
    const { error } = await stack.anon().auth.signUp({ email: 'x@example.com', password: 'secret-1' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('signup_disabled');
    expect(error?.message).toBe('Signups not allowed for this instance');
  });

  it('magic links / OTP are refused clearly', async () => {
    const { error } = await stack.anon().auth.signInWithOtp({ email: 'x@example.com' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
  });
});

describe('bad input', () => {
  it('malformed JSON → 400 bad_json', async () => {
    const res = await fetch(url('/token?grant_type=password'), { method: 'POST', headers: headers(), body: '{"email":' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error_code).toBe('bad_json');
    expect(body.msg).toMatch(/^Could not parse request body as JSON: /);
  });

  it('missing fields and bad e-mail → 400 validation_failed', async () => {
    const missing = await fetch(url('/token?grant_type=password'), { method: 'POST', headers: headers(), body: JSON.stringify({ password: 'x' }) });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error_code).toBe('validation_failed');
    const rec = await fetch(url('/recover'), { method: 'POST', headers: headers(), body: JSON.stringify({ email: 'nope' }) });
    expect(rec.status).toBe(400);
    expect((await rec.json()).error_code).toBe('validation_failed');
    const wrongType = await fetch(url('/token?grant_type=password'), { method: 'POST', headers: headers(), body: JSON.stringify({ email: 42, password: 'x' }) });
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).error_code).toBe('bad_json');
  });

  it('expired or forged JWT → 403 bad_jwt; none → 401 no_authorization', async () => {
    const { signJwt } = await import('../../embedded/jwt.ts');
    const expired = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 10 }, stack.keys.jwtSecret);
    const res = await fetch(url('/user'), { headers: { ...headers(), authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 403, error_code: 'bad_jwt', msg: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired' });
    const forged = await signJwt({ sub: crypto.randomUUID(), role: 'authenticated' }, 'not-the-secret');
    const f = await fetch(url('/user'), { headers: { ...headers(), authorization: `Bearer ${forged}` } });
    expect(f.status).toBe(403);
    expect((await f.json()).error_code).toBe('bad_jwt');
    const none = await fetch(url('/user'), { headers: headers() });
    expect(none.status).toBe(401);
    expect((await none.json()).error_code).toBe('no_authorization');
  });

  it('unknown grant type and junk never crash', async () => {
    const res = await fetch(url('/token?grant_type=magic'), { method: 'POST', headers: headers(), body: '{}' });
    expect(res.status).toBe(400);
    const v = await fetch(url('/verify?type=recovery&token=junk'), { redirect: 'manual' });
    expect(v.status).toBe(303);
    expect(v.headers.get('location')).toContain('error_code=otp_expired');
  });
});
