// /rest/v1 horizontal filtering: every operator the product and supabase-js use.
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

const ids = async (query: string) => {
  const res = await rest(stack, `/books?select=id&order=id${query ? `&${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return (res.json as { id: number }[]).map((r) => r.id);
};

describe('filters', () => {
  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids('author_id=eq.2')).toEqual([3, 4]);
    expect(await ids('author_id=neq.1')).toEqual([3, 4, 5]);
    expect(await ids('price=gt.10.50')).toEqual([3, 4]);
    expect(await ids('price=gte.10.50')).toEqual([3, 4, 6]);
    expect(await ids('published=lt.1950-01-01')).toEqual([5]);
    expect(await ids('id=lte.2')).toEqual([1, 2]);
  });

  it('matches patterns with like, ilike (* as wildcard), match and imatch', async () => {
    expect(await ids('title=like.*Dark*')).toEqual([2]);
    expect(await ids('title=ilike.the*')).toEqual([2, 6]);
    expect(await ids('title=match.^[AI]')).toEqual([1, 3, 4]);
    expect(await ids('title=imatch.^the')).toEqual([2, 6]);
    expect(await ids('title=like(any).{*Cities*,*Ficc*}')).toEqual([3, 5]);
    expect(await ids('title=ilike(all).{*the*,*ess*}')).toEqual([2, 6]);
  });

  it('filters lists with in, including quoted values with commas', async () => {
    expect(await ids('id=in.(1,3,5)')).toEqual([1, 3, 5]);
    expect(await ids('title=in.("Ficciones","If on a winter\'s night a traveler")')).toEqual([4, 5]);
    expect(await ids('id=in.()')).toEqual([]);
    expect(await ids('id=not.in.(1,2,3,4)')).toEqual([5, 6]);
  });

  it('tests with is null/true/false and not', async () => {
    expect(await ids('editor_id=is.null')).toEqual([2, 5]);
    expect(await ids('editor_id=not.is.null')).toEqual([1, 3, 4, 6]);
    expect(await ids('in_stock=is.false')).toEqual([3]);
    expect(await ids('in_stock=is.true&price=is.null')).toEqual([5]);
  });

  it('contains, contained-in and overlaps on arrays, jsonb and ranges', async () => {
    expect(await ids('tags=cs.{classic}')).toEqual([1, 2]);
    expect(await ids('tags=cd.{fiction,meta,other}')).toEqual([3, 4, 5]);
    expect(await ids('tags=ov.{meta,scifi}')).toEqual([2, 4, 6]);
    expect(await ids(`meta=cs.${encodeURIComponent('{"series":"Earthsea"}')}`)).toEqual([1]);
    expect(await ids('pages=cs.[250,259]')).toEqual([2, 4, 6]);
    expect(await ids('pages=ov.[180,190]')).toEqual([1, 2, 4, 6]);
  });

  it('supports supabase-js contains/overlaps/filter helpers', async () => {
    const anon = stack.anon();
    const a = await anon.from('books').select('id').contains('tags', ['scifi']).order('id');
    expect(a.data!.map((r) => r.id)).toEqual([2, 6]);
    const b = await anon.from('books').select('id').overlaps('tags', ['classic', 'meta']).order('id');
    expect(b.data!.map((r) => r.id)).toEqual([1, 2, 4]);
    const c = await anon.from('books').select('id').contains('meta', { volume: 2 });
    expect(c.data).toEqual([{ id: 4 }]);
    const d = await anon.from('books').select('id').filter('author_id', 'in', '(2,3)').order('id');
    expect(d.data!.map((r) => r.id)).toEqual([3, 4, 5]);
    const e = await anon.from('books').select('id').match({ author_id: 1, in_stock: true }).order('id');
    expect(e.data!.map((r) => r.id)).toEqual([1, 2, 6]);
  });

  it('searches text with fts, plfts, phfts and wfts, with a config', async () => {
    expect(await ids('title_tsv=fts.wizard')).toEqual([1]);
    expect(await ids('title_tsv=fts(english).cities')).toEqual([3]);
    expect(await ids('title_tsv=plfts.left hand')).toEqual([2]);
    expect(await ids('title_tsv=phfts(english).left hand')).toEqual([2]);
    expect(await ids('title_tsv=wfts.darkness or cities')).toEqual([2, 3]);
    expect(await ids('title_tsv=not.fts.the')).toEqual([1, 2, 3, 4, 5, 6]);
    const { data } = await stack.anon().from('books').select('id').textSearch('title_tsv', 'dispossessed', { type: 'websearch', config: 'english' });
    expect(data).toEqual([{ id: 6 }]);
  });

  it('filters on JSON paths', async () => {
    expect(await ids('meta->>series=eq.Hainish')).toEqual([6]);
    expect(await ids('meta->volume=gt.1')).toEqual([4]);
    expect(await ids('meta->awards->>0=eq.Hugo')).toEqual([2]);
  });

  it('combines or/and trees, nested and negated', async () => {
    expect(await ids('or=(id.eq.1,id.eq.5)')).toEqual([1, 5]);
    expect(await ids('or=(price.gt.12,and(author_id.eq.1,in_stock.is.true,id.gt.1))')).toEqual([2, 3, 4, 6]);
    expect(await ids('not.or=(author_id.eq.1,author_id.eq.2)')).toEqual([5]);
    expect(await ids('and=(id.gt.1,id.lt.4)')).toEqual([2, 3]);
    expect(await ids('or=(title.eq."If on a winter\'s night a traveler",id.in.(1,2))')).toEqual([1, 2, 4]);
    expect(await ids('or=(tags.cs.{meta},not.and(id.gte.2,id.lte.6))')).toEqual([1, 4]);
    const { data } = await stack.anon().from('books').select('id').or('title.ilike.*city*,title.ilike.*cities*').not('id', 'eq', 4);
    expect(data).toEqual([{ id: 3 }]);
  });

  it('filters on embedded resources with or', async () => {
    const res = await rest(stack, '/authors?select=id,books!author_id(id)&books.or=(id.eq.1,id.eq.6)&id=eq.1');
    expect(res.json).toEqual([{ id: 1, books: [{ id: 1 }, { id: 6 }] }]);
  });

  it('treats filter values as data, never as SQL', async () => {
    expect(await ids(`title=eq.${encodeURIComponent("x' or '1'='1")}`)).toEqual([]);
    expect(await ids(`meta->>${encodeURIComponent("a'b")}=eq.1`)).toEqual([]);
  });
});
