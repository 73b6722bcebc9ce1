// SQL builders. User values only ever travel as bind parameters ($n, sent as
// text so Postgres infers their type from the column, like PostgREST's
// unknown-typed literals); names are always quoted identifiers.
import { parseError } from './errors.ts';
import type { Condition, Field, OrderTerm } from './parse.ts';
import { splitList } from './parse.ts';
import type { Node } from './plan.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

export class Params {
  readonly values: string[] = [];
  add(v: string): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
export const qualified = (name: string) => `${ident(EXPOSED_SCHEMA)}.${ident(name)}`;
/** A string literal; only for JSON path keys, which operators need typed (text vs int). */
const lit = (s: string) => {
  if (s.includes('\0')) throw parseError('"failed to parse json path"', 'unexpected NUL character');
  return `'${s.replace(/'/g, "''")}'`;
};

export function fieldSql(alias: string, f: Field): string {
  let sql = `${ident(alias)}.${ident(f.name)}`;
  for (const step of f.json) sql += `${step.arrow}${/^-?\d+$/.test(step.key) ? step.key : lit(step.key)}`;
  return sql;
}

/** Default JSON key of a field: the last JSON path key, else the column name (as PostgREST). */
export const fieldKey = (f: Field) => (f.json.length ? f.json[f.json.length - 1].key : f.name);

const BINARY: Record<string, string> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', isdistinct: 'is distinct from',
};
const FTS: Record<string, string> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

export function conditionSql(alias: string, c: Condition, p: Params): string {
  if (c.kind !== 'filter') {
    const parts = c.children.map((ch) => conditionSql(alias, ch, p));
    const joined = parts.length ? `(${parts.join(c.kind === 'and' ? ' and ' : ' or ')})` : c.kind === 'and' ? 'true' : 'false';
    return c.negate ? `not ${joined}` : joined;
  }
  const expr = fieldSql(alias, c.field);
  const o = c.operation;
  let sql: string;
  if (o.op === 'in') sql = o.values.length ? `${expr} in (${o.values.map((v) => p.add(v)).join(', ')})` : 'false';
  else if (o.op === 'is') sql = `${expr} is ${o.value}`;
  else if (o.op in FTS) {
    const fts = o as { op: string; config?: string; value: string };
    sql = `${expr} @@ ${FTS[o.op]}(${fts.config ? `${p.add(fts.config)}::regconfig, ` : ''}${p.add(fts.value)})`;
  } else {
    const op = BINARY[o.op];
    const q = o as { op: string; quant?: 'any' | 'all'; value: string };
    const val = (v: string) => (o.op === 'like' || o.op === 'ilike' ? v.replace(/\*/g, '%') : v);
    if (q.quant) {
      const inner = q.value.trim();
      if (!inner.startsWith('{') || !inner.endsWith('}')) throw parseError(`"failed to parse filter (${o.op}(${q.quant}).${q.value})"`, 'expecting "{"');
      const items = inner.length > 2 ? splitList(inner.slice(1, -1)) : [];
      const parts = items.map((v) => `${expr} ${op} ${p.add(val(v))}`);
      sql = parts.length ? `(${parts.join(q.quant === 'any' ? ' or ' : ' and ')})` : q.quant === 'any' ? 'false' : 'true';
    } else sql = `${expr} ${op} ${p.add(val(q.value))}`;
  }
  return c.negate ? `not (${sql})` : sql;
}

export function orderSql(alias: string, terms: OrderTerm[]): string {
  if (!terms.length) return '';
  return ` order by ${terms.map((t) => `${fieldSql(alias, t.field)}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`).join(', ')}`;
}

export function pageSql(limit?: number, offset?: number): string {
  return `${limit !== undefined ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`;
}

/** How a child's rows join its parent's row. */
function joinSql(parentAlias: string, child: Node): string {
  const rel = child.rel!;
  if (rel.junction) {
    const j = `${child.alias}_j`;
    const src = rel.junction.source.map(([jc, pc]) => `${ident(j)}.${ident(jc)} = ${ident(parentAlias)}.${ident(pc)}`);
    const tgt = rel.junction.target.map(([jc, cc]) => `${ident(j)}.${ident(jc)} = ${ident(child.alias)}.${ident(cc)}`);
    return `exists (select 1 from ${qualified(rel.junction.table)} ${ident(j)} where ${[...src, ...tgt].join(' and ')})`;
  }
  return rel.columns.map(([pc, cc]) => `${ident(child.alias)}.${ident(cc)} = ${ident(parentAlias)}.${ident(pc)}`).join(' and ');
}

/** The conditions that decide which rows of `node` exist: filters, `!inner` children, embed null filters. */
export function whereParts(node: Node, p: Params): string[] {
  const parts = node.conditions.map((c) => conditionSql(node.alias, c, p));
  for (const child of node.children) {
    if (child.inner) parts.push(`exists (${childRowsSql(node.alias, child, p, '1')})`);
  }
  for (const { child, isNull } of node.embedNull) parts.push(`${isNull ? 'not ' : ''}exists (${childRowsSql(node.alias, child, p, '1')})`);
  return parts;
}

function childRowsSql(parentAlias: string, child: Node, p: Params, select: string, paged = false): string {
  const where = [joinSql(parentAlias, child), ...whereParts(child, p)];
  const tail = paged ? `${orderSql(child.alias, child.order)}${pageSql(child.limit, child.offset)}` : '';
  return `select ${select} from ${qualified(child.name)} ${ident(child.alias)} where ${where.join(' and ')}${tail}`;
}

const isToOne = (n: Node) => n.rel!.cardinality === 'many-to-one' || n.rel!.cardinality === 'one-to-one';

/** The select list of one level: columns, then each embed as a correlated subquery. */
export function selectListSql(node: Node, p: Params): string {
  const cols: string[] = [];
  let child = 0;
  for (const item of node.items) {
    if (item.kind === 'star') cols.push(`${ident(node.alias)}.*`);
    else if (item.kind === 'col') {
      const expr = fieldSql(node.alias, item.field);
      cols.push(`${item.cast ? `(${expr})::${item.cast}` : expr} as ${ident(item.alias ?? fieldKey(item.field))}`);
    } else if (item.kind === 'count') {
      cols.push(`count(*) as "count"`);
    } else {
      const c = node.children[child++];
      // An empty embed (`rel!inner()`) only filters; PostgREST leaves it out of the output.
      if (c.items.length) cols.push(`${embedSql(node.alias, c, p)} as ${ident(c.key)}`);
    }
  }
  return cols.length ? cols.join(', ') : `${ident(node.alias)}.*`;
}

function embedSql(parentAlias: string, child: Node, p: Params): string {
  if (child.countOnly) {
    const counted = `(${childRowsSql(parentAlias, child, p, 'count(*) as "count"')})`;
    return isToOne(child)
      ? `(select row_to_json("_c") from ${counted} "_c")`
      : `(select json_agg("_c") from ${counted} "_c")`;
  }
  const rows = childRowsSql(parentAlias, child, p, selectListSql(child, p), !isToOne(child));
  return isToOne(child)
    ? `(select row_to_json("_e") from (${rows}) "_e")`
    : `(select coalesce(json_agg("_e"), '[]') from (${rows}) "_e")`;
}

/** A query answering `body` (JSON text of the rows) and `n` (their number), optionally `total`. */
export function readSql(root: Node, from: string, p: Params, opts: { count?: boolean; stripNulls?: boolean; limit?: number; offset?: number }): string {
  const where = whereParts(root, p);
  const whereSql = where.length ? ` where ${where.join(' and ')}` : '';
  const inner = `select ${ident(root.alias)}.* from ${from} ${ident(root.alias)}${whereSql}${orderSql(root.alias, root.order)}${pageSql(opts.limit, opts.offset)}`;
  const agg = opts.stripNulls ? `json_agg(json_strip_nulls(row_to_json("_pgrst_t")))` : `json_agg("_pgrst_t")`;
  let total = 'null::bigint';
  if (opts.count) {
    const w2 = whereParts(root, p);
    total = `(select count(*) from ${from} ${ident(root.alias)}${w2.length ? ` where ${w2.join(' and ')}` : ''})`;
  }
  return `select coalesce(${agg}, '[]')::text as body, count("_pgrst_t")::int as n, ${total}::text as total from (select ${selectListSql(root, p)} from (${inner}) ${ident(root.alias)}) "_pgrst_t"`;
}
