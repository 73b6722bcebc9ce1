import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import { parseLogic, parseOperation, parseOrder, parsePrefer, parseSelect, splitTop, UnsupportedError } from './parse.ts';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof RestError ? e.code : e instanceof UnsupportedError ? 'unsupported' : String(e);
  }
  return 'no error';
};

describe('select grammar', () => {
  it('parses columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id, name:title,price::text,meta->a->>b')).toEqual([
      { kind: 'col', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'col', field: { name: 'title', json: [] }, alias: 'name', cast: undefined },
      { kind: 'col', field: { name: 'price', json: [] }, alias: undefined, cast: 'text' },
      { kind: 'col', field: { name: 'meta', json: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] }, alias: undefined, cast: undefined },
    ]);
  });

  it('parses embeds with hints, !inner, nesting and count', () => {
    expect(parseSelect('*,author:authors!author_id!inner(name,books(count))')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        name: 'authors',
        alias: 'author',
        hint: 'author_id',
        joinType: 'inner',
        items: [
          { kind: 'col', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
          { kind: 'embed', name: 'books', alias: undefined, items: [{ kind: 'count' }] },
        ],
      },
    ]);
  });

  it('refuses what it does not implement', () => {
    expect(code(() => parseSelect('...authors(name)'))).toBe('unsupported');
    expect(code(() => parseSelect('price.sum()'))).toBe('unsupported');
    expect(code(() => parseSelect('id,(x'))).toBe('PGRST100');
  });
});

describe('filter grammar', () => {
  it('parses operators, negation, quantifiers and fts configs', () => {
    expect(parseOperation('not.eq.5')).toEqual({ negate: true, operation: { op: 'eq', quant: undefined, value: '5' } });
    expect(parseOperation('like(any).{a*,b*}')).toEqual({ negate: false, operation: { op: 'like', quant: 'any', value: '{a*,b*}' } });
    expect(parseOperation('fts(english).cat & dog')).toEqual({ negate: false, operation: { op: 'fts', config: 'english', value: 'cat & dog' } });
    expect(parseOperation('in.(1,"a,b",c)')).toEqual({ negate: false, operation: { op: 'in', values: ['1', 'a,b', 'c'] } });
    expect(parseOperation('is.NULL')).toEqual({ negate: false, operation: { op: 'is', value: 'null' } });
    expect(parseOperation('eq.')).toEqual({ negate: false, operation: { op: 'eq', quant: undefined, value: '' } });
  });

  it('rejects malformed filters with PGRST100', () => {
    for (const bad of ['5', 'equals.5', 'is.maybe', 'in.1,2', 'eq(some).x', 'in(any).(1)']) expect(code(() => parseOperation(bad)), bad).toBe('PGRST100');
  });

  it('parses nested logic trees with quoted values', () => {
    expect(parseLogic('or', false, '(a.eq.1,not.and(b.gt.2,c.eq."x,y"))')).toEqual({
      kind: 'or',
      negate: false,
      children: [
        { kind: 'filter', field: { name: 'a', json: [] }, negate: false, operation: { op: 'eq', quant: undefined, value: '1' } },
        {
          kind: 'and',
          negate: true,
          children: [
            { kind: 'filter', field: { name: 'b', json: [] }, negate: false, operation: { op: 'gt', quant: undefined, value: '2' } },
            { kind: 'filter', field: { name: 'c', json: [] }, negate: false, operation: { op: 'eq', quant: undefined, value: 'x,y' } },
          ],
        },
      ],
    });
    expect(code(() => parseLogic('or', false, '(a.eq.1'))).toBe('PGRST100');
  });

  it('splits at depth 0 outside quotes', () => {
    expect(splitTop('a,b(c,d),"e,f",g')).toEqual(['a', 'b(c,d)', '"e,f"', 'g']);
  });
});

describe('order and Prefer', () => {
  it('parses order terms', () => {
    expect(parseOrder('a.desc.nullslast,b,c->x.asc')).toEqual([
      { field: { name: 'a', json: [] }, dir: 'desc', nulls: 'last' },
      { field: { name: 'b', json: [] } },
      { field: { name: 'c', json: [{ arrow: '->', key: 'x' }] }, dir: 'asc' },
    ]);
    expect(code(() => parseOrder('a.up'))).toBe('PGRST100');
  });

  it('reads Prefer values, ignoring unknown ones', () => {
    expect(parsePrefer(['return=representation, count=exact', 'resolution=merge-duplicates,missing=default,tx=rollback'])).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
    });
  });
});
