// INSERT / UPSERT / UPDATE / DELETE statements. The JSON body travels as one
// jsonb parameter and is spread into typed columns with jsonb_populate_record,
// so every value is converted by Postgres itself, as PostgREST does.
import { RestError } from './errors.ts';
import type { Node } from './plan.ts';
import type { Table } from './schema-cache.ts';
import { ident, Params, qualified, selectListSql, whereParts } from './sql.ts';

export function invalidBody(message = 'Empty or invalid json'): RestError {
  return new RestError(400, 'PGRST102', message);
}

export function columnNotFound(table: string, col: string): RestError {
  return new RestError(400, 'PGRST204', `Could not find the '${col}' column of '${table}' in the schema cache`);
}

/** Columns a POST writes: `?columns=` when given, else the keys of the payload objects (which must agree). */
export function insertColumns(table: Table, rows: Record<string, unknown>[], columnsParam?: string[]): string[] {
  let cols: string[];
  if (columnsParam) cols = columnsParam;
  else {
    cols = Object.keys(rows[0] ?? {});
    const key = [...cols].sort().join('\0');
    if (rows.some((r) => Object.keys(r).sort().join('\0') !== key)) throw invalidBody('All object keys must match');
  }
  for (const c of cols) if (!table.columns.has(c)) throw columnNotFound(table.name, c);
  return cols;
}

/** `[...]` or `{...}` → array of plain objects, or PGRST102. */
export function bodyRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) throw invalidBody();
  return rows as Record<string, unknown>[];
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

export interface InsertOptions {
  columns: string[];
  missingDefault: boolean;
  onConflict?: { columns: string[]; action: 'merge' | 'ignore' };
  returning: boolean;
}

export function insertSql(table: Table, p: Params, body: string, o: InsertOptions): string {
  const alias = table.name;
  const values = o.columns.map((c) => {
    if (!o.missingDefault) return `"_r".${ident(c)}`;
    const col = table.columns.get(c)!;
    const dflt = col.identity ? `nextval(pg_get_serial_sequence(${lit(qualified(table.name))}, ${lit(c)}))` : (col.default ?? 'null');
    return `case when "_e".e ? ${lit(c)} then "_r".${ident(c)} else ${dflt} end`;
  });
  const rows = p.add(body);
  // `{}` (no columns) inserts a row of defaults per element, as PostgREST does.
  let sql =
    o.columns.length === 0
      ? `insert into ${qualified(table.name)} as ${ident(alias)} select from jsonb_array_elements(${rows}::jsonb)`
      : `insert into ${qualified(table.name)} as ${ident(alias)} (${o.columns.map(ident).join(', ')}) ` +
        `select ${values.join(', ')} from jsonb_array_elements(${rows}::jsonb) with ordinality "_e"(e, i), ` +
        `lateral jsonb_populate_record(null::${qualified(table.name)}, "_e".e) "_r" order by "_e".i`;
  if (o.onConflict) {
    const target = `(${o.onConflict.columns.map(ident).join(', ')})`;
    const updates = o.columns.filter((c) => !o.onConflict!.columns.includes(c)).map((c) => `${ident(c)} = excluded.${ident(c)}`);
    sql += o.onConflict.action === 'merge' && updates.length ? ` on conflict ${target} do update set ${updates.join(', ')}` : ` on conflict ${target} do nothing`;
  }
  return o.returning ? `${sql} returning ${ident(alias)}.*` : sql;
}

export function updateSql(root: Node, table: Table, p: Params, body: string, columns: string[], returning: boolean): string {
  const alias = root.alias;
  const where = whereParts(root, p);
  const sets = columns.map((c) => `${ident(c)} = "_r".${ident(c)}`).join(', ');
  const sql =
    `update ${qualified(table.name)} as ${ident(alias)} set ${sets} from jsonb_populate_record(null::${qualified(table.name)}, ${p.add(body)}::jsonb) "_r"` +
    (where.length ? ` where ${where.join(' and ')}` : '');
  return returning ? `${sql} returning ${ident(alias)}.*` : sql;
}

export function deleteSql(root: Node, table: Table, p: Params, returning: boolean): string {
  const where = whereParts(root, p);
  const sql = `delete from ${qualified(table.name)} as ${ident(root.alias)}` + (where.length ? ` where ${where.join(' and ')}` : '');
  return returning ? `${sql} returning ${ident(root.alias)}.*` : sql;
}

/** Wraps a `... returning alias.*` statement to answer the select list of the written rows as JSON. */
export function representationSql(mutation: string, root: Node, p: Params, stripNulls: boolean): string {
  const agg = stripNulls ? `json_agg(json_strip_nulls(row_to_json("_pgrst_t")))` : `json_agg("_pgrst_t")`;
  return (
    `with "pgrst_source" as (${mutation}) ` +
    `select coalesce(${agg}, '[]')::text as body, count(*)::int as n from (select ${selectListSql(root, p)} from "pgrst_source" ${ident(root.alias)}) "_pgrst_t"`
  );
}
