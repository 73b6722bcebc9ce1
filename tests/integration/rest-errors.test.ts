// /rest/v1 bad input: every mistake answers a PostgREST-shaped error and the
// stack keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../embedded/jwt.ts';
import type { TestStack } from '../support/stack.ts';
import { rest, startRestStack } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('gateway and JWT', () => {
  it('requires an API key', async () => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/books`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });

  it('answers 401 PGRST301 for a bad JWT and PGRST303 for an expired one', async () => {
    const bad = await rest(stack, '/books', { headers: { Authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect(bad.json.code).toBe('PGRST301');
    const forged = await signJwt({ role: 'service_role' }, 'some-other-secret-that-is-long-enough-1234');
    const wrongKey = await rest(stack, '/books', { headers: { Authorization: `Bearer ${forged}` } });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.json).toMatchObject({ code: 'PGRST301', message: 'JWSError JWSInvalidSignature' });
    const expired = await signJwt({ role: 'authenticated', sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 }, stack.keys.jwtSecret);
    const old = await rest(stack, '/books', { headers: { Authorization: `Bearer ${expired}` } });
    expect(old.status).toBe(401);
    expect(old.json).toEqual({ code: 'PGRST303', message: 'JWT expired', details: null, hint: null });
  });

  it('refuses a role claim outside the API roles', async () => {
    const token = await signJwt({ role: 'postgres' }, stack.keys.jwtSecret);
    const res = await rest(stack, '/books', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/role "postgres" is not allowed/);
  });
});

describe('bad requests', () => {
  it('answers 404 PGRST205 for an unknown table', async () => {
    const { error, status } = await stack.anon().from('boks').select();
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.boks' in the schema cache" });
  });

  it('answers 400 42703 for an unknown column in select, filter or order', async () => {
    const sel = await stack.anon().from('books').select('id, nope');
    expect(sel.status).toBe(400);
    expect(sel.error).toMatchObject({ code: '42703', message: 'column books.nope does not exist' });
    const filt = await stack.anon().from('books').select('id').eq('nope', 1);
    expect(filt.error!.code).toBe('42703');
    const ord = await stack.anon().from('books').select('id').order('nope');
    expect(ord.error!.code).toBe('42703');
  });

  it('answers 400 PGRST100 for bad query syntax', async () => {
    for (const q of ['id=5', 'id=equals.5', 'or=(id.eq.1', 'select=id,(', 'order=id.sideways', 'limit=ten', 'id=is.maybe', 'id=in.1,2']) {
      const res = await rest(stack, `/books?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.code, q).toBe('PGRST100');
      expect(Object.keys(res.json).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
  });

  it('answers 400 22P02 for a value of the wrong type', async () => {
    const res = await rest(stack, '/books?id=eq.abc');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "abc"' });
  });

  it('answers PGRST108 for a filter on a resource not embedded', async () => {
    const res = await rest(stack, '/books?select=id&reviews.rating=eq.5');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST108', message: "'reviews' is not an embedded resource in this request" });
  });

  it('answers a clear 400 for features this subset does not implement', async () => {
    const res = await rest(stack, '/books?select=id,...authors!author_id(name)');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST127');
    const agg = await rest(stack, '/books?select=price.sum()');
    expect(agg.status).toBe(400);
  });

  it('answers 406 for an unavailable media type', async () => {
    const res = await rest(stack, '/books', { headers: { Accept: 'application/xml' } });
    expect(res.status).toBe(406);
    expect(res.json.code).toBe('PGRST107');
  });

  it('rejects non-UTF-8 and oversized bodies', async () => {
    const bad = await fetch(`${stack.apiUrl}/rest/v1/genres`, {
      method: 'POST',
      headers: { apikey: stack.keys.serviceRoleKey, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe('PGRST102');
    const big = await fetch(`${stack.apiUrl}/rest/v1/genres`, {
      method: 'POST',
      headers: { apikey: stack.keys.serviceRoleKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 99, name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it('answers 404 42883 for an operator that does not fit the column, then keeps serving', async () => {
    const res = await rest(stack, '/books?id=ilike.*1*');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('42883');
    const ok = await stack.anon().from('books').select('id').eq('id', 1);
    expect(ok.data).toEqual([{ id: 1 }]);
  });
});
