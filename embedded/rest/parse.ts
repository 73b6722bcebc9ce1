// The PostgREST query-string grammar (select, filters, logic trees, order),
// parsed into plain data. No SQL here: sql.ts turns these into statements.
import { parseError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}
export interface Field {
  name: string;
  json: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'col'; field: Field; alias?: string; cast?: string }
  | { kind: 'count' }
  | { kind: 'embed'; name: string; alias?: string; hint?: string; joinType?: 'inner' | 'left'; items: SelectItem[] };

export const QUANT_OPS = ['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch'] as const;
export const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
export const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const;

export type Operation =
  | { op: (typeof QUANT_OPS)[number] | (typeof SIMPLE_OPS)[number] | 'isdistinct'; quant?: 'any' | 'all'; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: 'null' | 'unknown' | 'true' | 'false' }
  | { op: (typeof FTS_OPS)[number]; config?: string; value: string };

export interface Filter {
  kind: 'filter';
  field: Field;
  negate: boolean;
  operation: Operation;
}
export interface Logic {
  kind: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}
export type Condition = Filter | Logic;

export interface OrderTerm {
  field: Field;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

const IDENT_STOP = /[.,:()!>-]/;

/** Splits on `sep` at nesting depth 0, outside double quotes (backslash escapes). */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (depth < 0) throw parseError(`"failed to parse" (${s})`, 'unexpected ")"');
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0 || quoted) throw parseError(`"failed to parse" (${s})`, 'unexpected end of input');
  out.push(cur);
  return out;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** `name->a->>b` (name possibly "quoted"). */
export function parseField(raw: string, what = 'field'): Field {
  const s = raw.trim();
  const parts = s.split(/(->>|->)/);
  const name = unquote(parts[0]);
  if (!name || (!parts[0].startsWith('"') && /[(),:!]/.test(name))) throw parseError(`"failed to parse ${what}" (${raw})`, `unexpected "${raw}"`);
  const json: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '');
    if (!key) throw parseError(`"failed to parse ${what}" (${raw})`, 'unexpected end of input expecting json key');
    json.push({ arrow: parts[i] as JsonStep['arrow'], key });
  }
  return { name, json };
}

// ─── select ──────────────────────────────────────────────────────────────────

export function parseSelect(raw: string): SelectItem[] {
  const s = raw.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '');
  if (s === '') return [{ kind: 'star' }];
  return splitTop(s).map((item) => parseSelectItem(item, raw));
}

function parseSelectItem(item: string, whole: string): SelectItem {
  if (item === '') throw parseError(`"failed to parse select parameter" (${whole})`, 'unexpected empty field');
  if (item === '*') return { kind: 'star' };
  if (item.startsWith('...')) throw new UnsupportedError(`Spread embedding ("${item.slice(0, 20)}") is not supported`);
  let rest = item;
  let alias: string | undefined;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:)/.exec(rest);
  if (aliasMatch) {
    alias = unquote(aliasMatch[1]);
    rest = rest.slice(aliasMatch[0].length);
  }
  const paren = rest.indexOf('(');
  if (paren >= 0 && rest.endsWith(')') && !rest.slice(0, paren).includes('->')) {
    const head = rest.slice(0, paren);
    const inner = rest.slice(paren + 1, -1);
    if (/\.\w+$/.test(head) || head === '') throw new UnsupportedError(`Aggregate functions in select ("${item}") are not supported`);
    const [nameRaw, ...bangs] = head.split('!');
    const embed: SelectItem = { kind: 'embed', name: unquote(nameRaw), alias, items: [] };
    for (const b of bangs) {
      if (b === 'inner' || b === 'left') embed.joinType = b;
      else if (b && !embed.hint) embed.hint = b;
      else throw parseError(`"failed to parse select parameter" (${whole})`, `unexpected "!${b}"`);
    }
    if (!embed.name) throw parseError(`"failed to parse select parameter" (${whole})`, 'expecting embedded resource name');
    embed.items = inner === '' ? [] : splitTop(inner).map((i) => (i === 'count' ? ({ kind: 'count' } as const) : parseSelectItem(i, whole)));
    return embed;
  }
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt > 0) {
    cast = rest.slice(castAt + 2);
    rest = rest.slice(0, castAt);
    // One type name, as PostgREST's grammar (letters, digits, `_`): it is written into the SQL.
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\[\])?$/.test(cast)) throw parseError(`"failed to parse select parameter" (${whole})`, `unexpected cast "${cast}"`);
  }
  if (/\(|\)/.test(rest)) throw parseError(`"failed to parse select parameter" (${whole})`, `unexpected "${rest}"`);
  return { kind: 'col', field: parseField(rest, 'select parameter'), alias, cast };
}

/** A request feature we know about but do not implement: a clear 400, never a wrong answer. */
export class UnsupportedError extends Error {}

// ─── filters ─────────────────────────────────────────────────────────────────

const OP_EXPECTING = 'expecting "not" or operator (eq, gt, ...)';

/** `[not.]op[(mod)].value` — the right-hand side of a filter. `inTree` unquotes values. */
export function parseOperation(raw: string, inTree = false): { negate: boolean; operation: Operation } {
  let s = raw;
  let negate = false;
  if (s.startsWith('not.')) {
    negate = true;
    s = s.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(s);
  const fail = () => parseError(`"failed to parse filter (${raw})" (line 1, column 1)`, `unexpected "${raw.slice(0, 1)}" ${OP_EXPECTING}`);
  if (!m) throw fail();
  const [, op, mod, rawValue] = m;
  const value = inTree ? unquote(rawValue) : rawValue;
  if (op === 'in') {
    if (mod !== undefined) throw fail();
    if (!/^\s*\([\s\S]*\)\s*$/.test(rawValue)) throw parseError(`"failed to parse filter (${raw})" (line 1, column 4)`, 'unexpected end of input expecting "("');
    const inner = rawValue.trim().slice(1, -1);
    const values = inner === '' ? [] : splitList(inner);
    return { negate, operation: { op: 'in', values } };
  }
  if (op === 'is') {
    const v = value.toLowerCase();
    if (mod !== undefined || !['null', 'unknown', 'true', 'false'].includes(v))
      throw parseError(`"failed to parse filter (${raw})" (line 1, column 4)`, `unexpected "${value.slice(0, 1)}" expecting null or trilean value (unknown, true, false)`);
    return { negate, operation: { op: 'is', value: v as 'null' } };
  }
  if ((FTS_OPS as readonly string[]).includes(op)) {
    if (mod !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(mod)) throw fail();
    return { negate, operation: { op: op as 'fts', config: mod, value } };
  }
  if ((QUANT_OPS as readonly string[]).includes(op)) {
    if (mod !== undefined && mod !== 'any' && mod !== 'all') throw fail();
    return { negate, operation: { op: op as 'eq', quant: mod as 'any' | undefined, value } };
  }
  if ((SIMPLE_OPS as readonly string[]).includes(op) || op === 'isdistinct') {
    if (mod !== undefined) throw fail();
    return { negate, operation: { op: op as 'neq', value } };
  }
  throw fail();
}

/** `a,"b,c",d` inside `in.(...)` or `{...}` quantifier lists. */
export function splitList(inner: string): string[] {
  return splitTop(inner).map((v) => unquote(v.trim() === v ? v : v.trim()));
}

export function parseFilter(key: string, value: string): Filter {
  const { negate, operation } = parseOperation(value);
  return { kind: 'filter', field: parseField(key, 'filter'), negate, operation };
}

/**
 * Deepest `and(or(...))` nesting accepted. Far past any real filter; much
 * deeper trees overflow the database's parser stack (PGlite's WASM stack at
 * about 2000 levels), so they are refused as a parse error first.
 */
export const MAX_LOGIC_DEPTH = 100;

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` — value is the parenthesised list. */
export function parseLogic(kind: 'and' | 'or', negate: boolean, value: string, depth = 1): Logic {
  const v = value.trim();
  if (depth > MAX_LOGIC_DEPTH)
    throw parseError(`"failed to parse logic tree (${value.slice(0, 40)}...)" (line 1, column 1)`, `logic trees may nest at most ${MAX_LOGIC_DEPTH} levels`);
  if (!v.startsWith('(') || !v.endsWith(')'))
    throw parseError(`"failed to parse logic tree (${value})" (line 1, column 1)`, 'unexpected expecting "("');
  const inner = v.slice(1, -1);
  const children = splitTop(inner).map((c) => parseTreeItem(c, value, depth));
  return { kind, negate, children };
}

function parseTreeItem(item: string, whole: string, depth: number): Condition {
  const logic = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(item);
  if (logic) return parseLogic(logic[2] as 'and', !!logic[1], logic[3], depth + 1);
  const dot = item.indexOf('.');
  if (dot <= 0) throw parseError(`"failed to parse logic tree (${whole})" (line 1, column 1)`, `unexpected "${item}" expecting field name`);
  const field = parseField(item.slice(0, dot), 'logic tree');
  const { negate, operation } = parseOperation(item.slice(dot + 1), true);
  return { kind: 'filter', field, negate, operation };
}

// ─── order ───────────────────────────────────────────────────────────────────

export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw).map((term) => {
    if (/\(/.test(term)) throw new UnsupportedError(`Ordering by a related resource ("${term}") is not supported; use "<embed>.order=" instead`);
    const parts = term.split('.');
    const term0: OrderTerm = { field: parseField(parts[0], 'order') };
    for (const p of parts.slice(1)) {
      if ((p === 'asc' || p === 'desc') && !term0.dir && !term0.nulls) term0.dir = p;
      else if ((p === 'nullsfirst' || p === 'nullslast') && !term0.nulls) term0.nulls = p === 'nullsfirst' ? 'first' : 'last';
      else throw parseError(`"failed to parse order (${raw})" (line 1, column ${term.indexOf(p) + 1})`, `unexpected "${p.slice(0, 1)}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    if (!term0.field.name) throw parseError(`"failed to parse order (${raw})" (line 1, column 1)`, 'unexpected end of input');
    return term0;
  });
}

export function parseNonNegInt(name: string, raw: string): number {
  if (!/^\d+$/.test(raw.trim())) throw parseError(`"failed to parse ${name} parameter (${raw})" (line 1, column 1)`, `unexpected "${raw.slice(0, 1)}" expecting digit`);
  return Number(raw);
}

/** `columns=a,"b"` of POST. */
export function parseColumns(raw: string): string[] {
  return splitTop(raw).map((c) => {
    const name = unquote(c.trim());
    if (!name) throw parseError(`"failed to parse columns parameter (${raw})" (line 1, column 1)`, 'unexpected empty column');
    return name;
  });
}

// ─── headers ─────────────────────────────────────────────────────────────────

export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  params?: 'single-object';
}

export function parsePrefer(values: string[]): Prefer {
  const out: Prefer = {};
  for (const v of values.flatMap((h) => h.split(','))) {
    const [k, val] = v.trim().split('=').map((x) => x?.trim());
    if (k === 'return' && ['minimal', 'representation', 'headers-only'].includes(val)) out.return = val as Prefer['return'];
    else if (k === 'count' && ['exact', 'planned', 'estimated'].includes(val)) out.count = val as Prefer['count'];
    else if (k === 'resolution' && ['merge-duplicates', 'ignore-duplicates'].includes(val)) out.resolution = val as Prefer['resolution'];
    else if (k === 'missing' && (val === 'default' || val === 'null')) out.missing = val;
    else if (k === 'params' && val === 'single-object') out.params = val;
    // Unknown preferences are ignored, as PostgREST does without handling=strict.
  }
  return out;
}

/** `Range: 0-9` → inclusive bounds; undefined when absent or not an items range. */
export function parseRangeHeader(raw: string | undefined): { from: number; to?: number } | undefined {
  if (!raw) return undefined;
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(raw);
  if (!m) return undefined;
  return { from: Number(m[1]), to: m[2] === '' ? undefined : Number(m[2]) };
}
