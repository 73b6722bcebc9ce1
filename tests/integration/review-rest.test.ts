// Second review of /rest/v1: query-string input that must never become SQL
// text, and inputs large or deep enough to hurt the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { rest, startRestStack } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('select casts', () => {
  it('refuses a cast that carries SQL after the type name', async () => {
    // The trailing item holds an odd number of quotes, so the whitespace in the
    // cast survives the select parser; the cast must still be one type name.
    const select = 'id::int is not null,meta->>"a\\"b"';
    const res = await rest(stack, `/books?select=${encodeURIComponent(select)}&limit=1`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST100');
  });

  it('still casts to a plain type name', async () => {
    const res = await rest(stack, '/books?select=id::text&id=eq.1');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: '1' }]);
  });
});

describe('deep logic trees', () => {
  const nested = (depth: number) => '(' + 'or('.repeat(depth - 1) + 'id.eq.1' + ')'.repeat(depth - 1) + ')';

  it('refuses a tree nested past the database stack with PGRST100', async () => {
    // 2500 levels overflowed PGlite's WASM stack: a 500 "Maximum call stack size exceeded".
    const res = await rest(stack, `/books?select=id&or=${encodeURIComponent(nested(2500))}`);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('PGRST100');
  });

  it('still answers a tree nested as deep as real filters go', async () => {
    const res = await rest(stack, `/books?select=id&or=${encodeURIComponent(nested(50))}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: 1 }]);
  });
});
