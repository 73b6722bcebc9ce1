// /rest/v1 writes: insert, upsert, update, delete, with the Prefer options.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { rest, startRestStack, USER_A, userClient, userToken } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
let user: SupabaseClient;
let auth: Record<string, string>;
beforeAll(async () => {
  stack = await startRestStack();
  user = await userClient(stack, USER_A);
  auth = { Authorization: `Bearer ${await userToken(stack, USER_A)}` };
});
afterAll(async () => {
  await stack?.stop();
});

describe('insert', () => {
  it('inserts `{}` as a row of defaults (the not-null column then refuses it, as Postgres does)', async () => {
    const { error, status } = await user.from('reviews').insert({});
    expect(status).toBe(400);
    expect(error?.code).toBe('23502');
    expect(error?.message).toContain('"book_id"');
  });

  it('inserts one row: 201 and nothing back by default', async () => {
    const res = await user.from('genres').insert({ id: 10, name: 'Poetry' });
    expect(res).toMatchObject({ error: null, data: null, status: 201 });
    const { data } = await user.from('genres').select('name').eq('id', 10).single();
    expect(data).toEqual({ name: 'Poetry' });
  });

  it('returns the representation with select(), embeds included', async () => {
    const { data, error, status } = await user.from('books').insert({ title: 'The Lathe of Heaven', author_id: 1 }).select('title, tags, in_stock, author:authors!author_id(name)').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'The Lathe of Heaven', tags: [], in_stock: true, author: { name: 'Ursula K. Le Guin' } });
  });

  it('inserts many rows with differing keys (columns=) and counts them', async () => {
    const { data, count, error } = await user
      .from('genres')
      .insert([{ id: 11, name: 'Essay' }, { id: 12 , name: 'Drama' }], { count: 'exact' })
      .select('id');
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([{ id: 11 }, { id: 12 }]);
    const mixed = await user.from('reviews').insert([{ book_id: 5, rating: 2, body: 'meh' }, { book_id: 5, rating: 4 }]).select('rating, body');
    expect(mixed.data).toEqual([{ rating: 2, body: 'meh' }, { rating: 4, body: null }]);
  });

  it('uses column defaults for missing keys with Prefer: missing=default', async () => {
    const { data, error } = await user
      .from('books')
      .insert([{ title: 'Default A', author_id: 3, tags: ['x'] }, { title: 'Default B', author_id: 3 }], { defaultToNull: false })
      .select('title, tags');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Default A', tags: ['x'] }, { title: 'Default B', tags: [] }]);
    const nulls = await user.from('books').insert([{ title: 'Null A', author_id: 3, tags: ['x'] }, { title: 'Null B', author_id: 3 }]);
    expect(nulls.error).toMatchObject({ code: '23502' });
    expect(nulls.status).toBe(400);
  });

  it('answers Location with return=headers-only', async () => {
    const res = await rest(stack, '/genres', { method: 'POST', body: JSON.stringify({ id: 13, name: 'Horror' }), headers: { ...auth, Prefer: 'return=headers-only' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/genres?id=eq.13');
    expect(res.text).toBe('');
  });

  it('maps constraint errors as PostgREST: 23505 → 409, 23503 → 409, 23514 → 400', async () => {
    const dup = await user.from('genres').insert({ id: 1, name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.error).toMatchObject({ code: '23505', message: 'duplicate key value violates unique constraint "genres_pkey"', details: 'Key (id)=(1) already exists.' });
    const fk = await user.from('books').insert({ title: 'Orphan', author_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error!.code).toBe('23503');
    const check = await user.from('reviews').insert({ book_id: 1, rating: 9 });
    expect(check.status).toBe(400);
    expect(check.error!.code).toBe('23514');
  });

  it('rejects unknown columns with PGRST204', async () => {
    const { error, status } = await user.from('genres').insert({ id: 20, nme: 'typo' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nme' column of 'genres' in the schema cache" });
  });
});

describe('upsert', () => {
  it('merges duplicates on the primary key', async () => {
    const { data, error, status } = await user.from('genres').upsert([{ id: 1, name: 'High fantasy' }, { id: 30, name: 'Mystery' }]).select('id, name').order('id');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ id: 1, name: 'High fantasy' }, { id: 30, name: 'Mystery' }]);
  });

  it('ignores duplicates on an on_conflict column', async () => {
    const { data, error } = await user.from('genres').upsert({ id: 31, name: 'Mystery' }, { onConflict: 'name', ignoreDuplicates: true }).select();
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const merged = await user.from('genres').upsert({ id: 30, name: 'Mystery' }, { onConflict: 'name' }).select();
    expect(merged.data).toEqual([{ id: 30, name: 'Mystery' }]);
  });
});

describe('update and delete', () => {
  it('updates filtered rows and returns them', async () => {
    const { data, error, status } = await user.from('books').update({ price: 5, in_stock: false }).eq('author_id', 3).lt('id', 7).select('id, price, in_stock');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 5, price: 5, in_stock: false }]);
    const minimal = await user.from('books').update({ price: 6 }).eq('id', 5);
    expect(minimal).toMatchObject({ status: 204, error: null, data: null });
  });

  it('counts updated rows', async () => {
    const { count, status } = await user.from('books').update({ in_stock: true }, { count: 'exact' }).eq('author_id', 2);
    expect(status).toBe(204);
    expect(count).toBe(2);
  });

  it('treats an empty PATCH as matching nothing', async () => {
    const res = await rest(stack, '/books?id=eq.1', { method: 'PATCH', body: '{}', headers: { ...auth, Prefer: 'return=representation' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
  });

  it('single() on an update that hits several rows fails with PGRST116 and changes nothing', async () => {
    const res = await user.from('books').update({ price: 1 }).eq('author_id', 1).select('id').single();
    expect(res.status).toBe(406);
    expect(res.error!.code).toBe('PGRST116');
    const { data } = await user.from('books').select('price').eq('id', 1).single();
    expect(data).toEqual({ price: 8.99 });
  });

  it('deletes filtered rows, returning them when asked', async () => {
    const { data, error } = await user.from('reviews').delete().eq('book_id', 5).select('rating').order('rating');
    expect(error).toBeNull();
    expect(data).toEqual([{ rating: 2 }, { rating: 4 }]);
    const again = await user.from('reviews').delete().eq('book_id', 5);
    expect(again).toMatchObject({ status: 204, error: null });
  });

  it('rejects an invalid JSON body with PGRST102', async () => {
    const res = await rest(stack, '/genres', { method: 'POST', body: '{"id": 1,', headers: auth });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ code: 'PGRST102', message: 'Empty or invalid json', details: null, hint: null });
    const keys = await rest(stack, '/genres', { method: 'POST', body: JSON.stringify([{ id: 40 }, { id: 41, name: 'x' }]), headers: auth });
    expect(keys.status).toBe(400);
    expect(keys.json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });
});
