// /rest/v1 under row-level security: each request runs as the caller's role.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { startRestStack, USER_A, USER_B, userClient } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
let a: SupabaseClient;
let b: SupabaseClient;
beforeAll(async () => {
  stack = await startRestStack();
  a = await userClient(stack, USER_A);
  b = await userClient(stack, USER_B);
});
afterAll(async () => {
  await stack?.stop();
});

describe('row-level security', () => {
  it('shows each user only their rows, and anon none', async () => {
    expect((await a.from('notes').select('body')).data).toEqual([{ body: 'note of a' }]);
    expect((await b.from('notes').select('body')).data).toEqual([{ body: 'note of b' }]);
    expect((await stack.anon().from('notes').select('body')).data).toEqual([]);
    expect((await stack.service().from('notes').select('body').order('id')).data).toHaveLength(2);
  });

  it('refuses an insert the policy denies: 401 for anon, 403 for a user', async () => {
    const anon = await stack.anon().from('books').insert({ title: 'Anon book', author_id: 1 });
    expect(anon.status).toBe(401);
    expect(anon.error).toEqual({ code: '42501', message: 'new row violates row-level security policy for table "books"', details: null, hint: null });
    const forged = await a.from('notes').insert({ body: 'as b', owner: USER_B });
    expect(forged.status).toBe(403);
    expect(forged.error).toMatchObject({ code: '42501', message: 'new row violates row-level security policy for table "notes"' });
  });

  it('lets a user insert their own row, defaulting the owner from the JWT', async () => {
    const { data, error, status } = await a.from('notes').insert({ body: 'second of a' }).select('owner, body').single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ owner: USER_A, body: 'second of a' });
  });

  it('turns updates and deletes of hidden rows into no-ops', async () => {
    const upd = await b.from('notes').update({ body: 'hacked' }).eq('body', 'note of a').select();
    expect(upd).toMatchObject({ status: 200, data: [], error: null });
    const del = await b.from('notes').delete({ count: 'exact' }).eq('body', 'note of a');
    expect(del).toMatchObject({ status: 204, count: 0, error: null });
    expect((await a.from('notes').select('body').eq('body', 'note of a')).data).toHaveLength(1);
    const anonDel = await stack.anon().from('books').delete().eq('id', 1);
    expect(anonDel).toMatchObject({ status: 204, error: null });
    expect((await stack.anon().from('books').select('id').eq('id', 1)).data).toHaveLength(1);
  });

  it('answers 401/403 42501 when the role lacks a grant', async () => {
    await stack.db.exec(`create table staff_only (id int primary key); revoke all on staff_only from anon, authenticated; notify pgrst, 'reload schema';`);
    await new Promise((r) => setTimeout(r, 100));
    const anon = await stack.anon().from('staff_only').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for table staff_only' });
    const user = await a.from('staff_only').select();
    expect(user.status).toBe(403);
  });
});
