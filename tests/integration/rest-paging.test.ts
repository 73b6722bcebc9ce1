// /rest/v1 order, limit/offset, Range headers, counts, HEAD.
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

describe('order, paging and counts', () => {
  it('orders by several columns with nulls first/last', async () => {
    const a = await rest(stack, '/books?select=id&order=author_id.desc,price.desc.nullslast');
    expect(a.json.map((r: { id: number }) => r.id)).toEqual([5, 4, 3, 6, 2, 1]);
    const b = await rest(stack, '/books?select=id&order=price.asc.nullsfirst&limit=2');
    expect(b.json).toEqual([{ id: 5 }, { id: 1 }]);
    const c = await stack.anon().from('books').select('id').order('editor_id', { ascending: true, nullsFirst: true }).order('id');
    expect(c.data!.map((r) => r.id)).toEqual([2, 5, 3, 1, 6, 4]);
    const d = await rest(stack, '/books?select=id&order=meta->>volume.desc.nullslast,id&limit=2');
    expect(d.json).toEqual([{ id: 4 }, { id: 1 }]);
  });

  it('pages with range() and reports Content-Range', async () => {
    const res = await rest(stack, '/books?select=id&order=id&offset=2&limit=2');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ id: 3 }, { id: 4 }]);
    expect(res.headers.get('content-range')).toBe('2-3/*');
    const { data } = await stack.anon().from('books').select('id').order('id').range(4, 9);
    expect(data).toEqual([{ id: 5 }, { id: 6 }]);
  });

  it('counts exactly with 206 for a partial page and 200 for a whole one', async () => {
    const part = await stack.anon().from('books').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(part).toMatchObject({ count: 6, status: 206, data: [{ id: 1 }, { id: 2 }] });
    const raw = await rest(stack, '/books?select=id&limit=2', { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('0-1/6');
    const whole = await stack.anon().from('books').select('id', { count: 'exact' }).eq('author_id', 2);
    expect(whole).toMatchObject({ count: 2, status: 200 });
    const empty = await rest(stack, '/books?select=id&id=gt.100', { headers: { Prefer: 'count=exact' } });
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-range')).toBe('*/0');
    expect(empty.json).toEqual([]);
  });

  it('counts with planned and estimated too', async () => {
    const planned = await stack.anon().from('books').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    const estimated = await stack.anon().from('books').select('id', { count: 'estimated' }).eq('author_id', 1);
    expect(estimated.count).toBe(3);
  });

  it('answers HEAD with headers only', async () => {
    const { data, count, status } = await stack.anon().from('books').select('*', { count: 'exact', head: true }).eq('in_stock', true);
    expect({ data, count, status }).toEqual({ data: null, count: 5, status: 200 });
    const res = await fetch(`${stack.apiUrl}/rest/v1/books?select=id`, { method: 'HEAD', headers: { apikey: stack.keys.anonKey, Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-5/6');
    expect(await res.text()).toBe('');
  });

  it('honours Range and Range-Unit headers', async () => {
    const res = await rest(stack, '/books?select=id&order=id', { headers: { Range: '1-2', 'Range-Unit': 'items', Prefer: 'count=exact' } });
    expect(res.status).toBe(206);
    expect(res.json).toEqual([{ id: 2 }, { id: 3 }]);
    expect(res.headers.get('content-range')).toBe('1-2/6');
    const bad = await rest(stack, '/books', { headers: { Range: '3-1' } });
    expect(bad.status).toBe(416);
    expect(bad.json.code).toBe('PGRST103');
  });

  it('answers 416 for an offset past the end when counting', async () => {
    const res = await rest(stack, '/books?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(res.status).toBe(416);
    expect(res.json).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable', details: 'An offset of 10 was requested, but there are only 6 rows.' });
    const noCount = await rest(stack, '/books?select=id&offset=10');
    expect(noCount.status).toBe(200);
    expect(noCount.json).toEqual([]);
  });

  it('limit=0 returns an empty page', async () => {
    const res = await rest(stack, '/books?select=id&limit=0', { headers: { Prefer: 'count=exact' } });
    expect(res.json).toEqual([]);
    expect(res.headers.get('content-range')).toBe('*/6');
  });

  it('pages the base table before embedding', async () => {
    const { data } = await stack.anon().from('books').select('id, reviews(rating)').order('id').range(2, 2);
    expect(data).toEqual([{ id: 3, reviews: [{ rating: 3 }, { rating: 4 }] }]);
  });
});
