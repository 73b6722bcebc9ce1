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
