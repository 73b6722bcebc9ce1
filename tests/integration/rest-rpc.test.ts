// /rest/v1/rpc: calling database functions as supabase-js does.
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

describe('rpc', () => {
  it('calls a scalar function with named arguments by POST and GET', async () => {
    expect(await stack.anon().rpc('add_numbers', { a: 2, b: 40 })).toMatchObject({ data: 42, error: null, status: 200 });
    expect(await stack.anon().rpc('add_numbers', { a: 1, b: 2 }, { get: true })).toMatchObject({ data: 3, status: 200 });
    expect((await stack.anon().rpc('greet')).data).toBe('hello world');
    expect((await stack.anon().rpc('greet', { name: 'Ged' })).data).toBe('hello Ged');
  });

  it('calls a set-returning function with filters, order, limit and select', async () => {
    const { data, error } = await stack.anon().rpc('books_by', { author: 1 }).select('id, title').gt('id', 1).order('id', { ascending: false }).limit(1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 6, title: 'The Dispossessed' }]);
    const table = await stack.anon().rpc('author_stats').gte('books', 2);
    expect(table.data).toEqual([
      { author: 'Italo Calvino', books: 2 },
      { author: 'Ursula K. Le Guin', books: 3 },
    ]);
    const scalars = await stack.anon().rpc('title_list');
    expect(scalars.data).toHaveLength(6);
  });

  it('returns one object for a function returning one row, and single() on sets', async () => {
    const one = await stack.anon().rpc('get_book', { book_id: 3 }).select('title');
    expect(one.data).toEqual({ title: 'Invisible Cities' });
    const single = await stack.anon().rpc('books_by', { author: 3 }).select('title').single();
    expect(single.data).toEqual({ title: 'Ficciones' });
    const count = await stack.anon().rpc('books_by', { author: 1 }, { count: 'exact' }).select('id').limit(1);
    expect(count).toMatchObject({ count: 3, status: 206 });
  });

  it('answers 204 for a void function', async () => {
    const { data, error, status } = await stack.anon().rpc('touch');
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 204 });
  });

  it('answers 404 PGRST202 for an unknown function or arguments', async () => {
    const { error, status } = await stack.anon().rpc('no_such_fn', { x: 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_fn(x) in the schema cache',
      details: 'Searched for the function public.no_such_fn with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const wrongArgs = await stack.anon().rpc('add_numbers', { a: 1 });
    expect(wrongArgs.error!.code).toBe('PGRST202');
    const none = await rest(stack, '/rpc/no_such_fn');
    expect(none.json.message).toBe('Could not find the function public.no_such_fn without parameters in the schema cache');
  });

  it('maps RAISE to 400 P0001 and bad argument values to 400 22P02', async () => {
    const raised = await stack.anon().rpc('fail_loudly', { msg: 'boom' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({ code: 'P0001', message: 'boom', details: null, hint: 'raised on purpose' });
    const bad = await stack.anon().rpc('add_numbers', { a: 'x', b: 1 });
    expect(bad.status).toBe(400);
    expect(bad.error!.code).toBe('22P02');
  });

  it('runs GET calls read-only: a volatile write answers 405 25006', async () => {
    const res = await rest(stack, '/rpc/fail_loudly?msg=x');
    expect(res.status).toBe(400);
    const del = await rest(stack, '/rpc/touch', { method: 'PUT', body: '{}' });
    expect(del.status).toBe(405);
    expect(del.json.code).toBe('PGRST101');
  });
});
