// What PostgREST keeps in its schema cache, read from pg_catalog: tables and
// views of the exposed schema, their columns and keys, the foreign keys that
// make embedding possible, and the functions callable under /rpc.
import type { Queryable } from '../db/adapter.ts';

export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
  /** Default expression (pg_get_expr), used for `Prefer: missing=default`. */
  default: string | null;
  generated: boolean;
  identity: boolean;
}

export interface Table {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  pk: string[];
  /** Column sets with a unique constraint or primary key (sorted), for one-to-one detection. */
  uniques: string[][];
}

/** A foreign key as stored: `table(columns)` references `foreignTable(foreignColumns)`. */
export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** A relationship seen from `table` towards `foreignTable`. */
export interface Relationship {
  table: string;
  foreignTable: string;
  cardinality: Cardinality;
  constraint: string;
  /** Pairs (column of table, column of foreignTable); for many-to-many, the junction's. */
  columns: [string, string][];
  junction?: { table: string; constraint1: string; constraint2: string; source: [string, string][]; target: [string, string][] };
}

export interface FunctionParam {
  name: string;
  type: string;
  hasDefault: boolean;
}
export interface RpcFunction {
  name: string;
  params: FunctionParam[];
  returnsSet: boolean;
  /** 'composite' (a table row or TABLE(...)), 'scalar' or 'void'. */
  returns: 'composite' | 'scalar' | 'void';
  volatile: boolean;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  relationships: Map<string, Relationship[]>;
  functions: Map<string, RpcFunction[]>;
}

const TABLES_SQL = `
select c.relname as name, case when c.relkind in ('r','p','f') then 'table' else 'view' end as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull, 'default', pg_get_expr(d.adbin, d.adrelid), 'generated', a.attgenerated <> '' or a.attidentity = 'a', 'identity', a.attidentity <> '')
      order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]')::text as columns,
  coalesce((select json_agg(json_build_object('type', k.contype, 'columns',
      (select json_agg(a.attname order by a.attname) from pg_attribute a where a.attrelid = c.oid and a.attnum = any(k.conkey)),
      'pkOrder', (select json_agg(a.attname order by array_position(k.conkey, a.attnum)) from pg_attribute a where a.attrelid = c.oid and a.attnum = any(k.conkey))))
    from pg_constraint k where k.conrelid = c.oid and k.contype in ('p','u')), '[]')::text as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r','v','m','f','p')`;

const FKS_SQL = `
select k.conname as name, c.relname as "table", f.relname as "foreignTable",
  (select json_agg(a.attname order by u.i) from unnest(k.conkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n)::text as columns,
  (select json_agg(a.attname order by u.i) from unnest(k.confkey) with ordinality u(n, i) join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n)::text as "foreignColumns"
from pg_constraint k
join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
join pg_class f on f.oid = k.confrelid join pg_namespace fn on fn.oid = f.relnamespace
where k.contype = 'f' and cn.nspname = $1 and fn.nspname = $1
order by k.conname`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as "returnsSet", p.provolatile = 'v' as volatile,
  case when t.oid = 'void'::regtype then 'void'
       when t.typtype = 'c' or t.oid = 'record'::regtype then 'composite' else 'scalar' end as returns,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''), 'type', format_type(p.proargtypes[i - 1], null),
      'hasDefault', i > p.pronargs - p.pronargdefaults) order by i)
    from generate_series(1, p.pronargs) i), '[]')::text as params
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'`;

export async function loadSchemaCache(db: Queryable, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  for (const r of (await db.query<{ name: string; kind: 'table' | 'view'; columns: string; keys: string }>(TABLES_SQL, [schema])).rows) {
    const cols = JSON.parse(r.columns) as Column[];
    const keys = JSON.parse(r.keys) as { type: 'p' | 'u'; columns: string[]; pkOrder: string[] }[];
    tables.set(r.name, {
      name: r.name,
      kind: r.kind,
      columns: new Map(cols.map((c) => [c.name, c])),
      pk: keys.find((k) => k.type === 'p')?.pkOrder ?? [],
      uniques: keys.map((k) => k.columns),
    });
  }
  const fks = (await db.query<{ name: string; table: string; foreignTable: string; columns: string; foreignColumns: string }>(FKS_SQL, [schema])).rows.map(
    (r): ForeignKey => ({ ...r, columns: JSON.parse(r.columns), foreignColumns: JSON.parse(r.foreignColumns) }),
  );
  const functions = new Map<string, RpcFunction[]>();
  for (const r of (await db.query<{ name: string; returnsSet: boolean; volatile: boolean; returns: RpcFunction['returns']; params: string }>(FUNCTIONS_SQL, [schema])).rows) {
    const fn: RpcFunction = { ...r, params: JSON.parse(r.params) };
    functions.set(r.name, [...(functions.get(r.name) ?? []), fn]);
  }
  return { tables, relationships: buildRelationships(tables, fks), functions };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** Every FK gives a relationship each way; a junction table's pair of FKs gives many-to-many. */
export function buildRelationships(tables: Map<string, Table>, fks: ForeignKey[]): Map<string, Relationship[]> {
  const rels = new Map<string, Relationship[]>();
  const add = (r: Relationship) => rels.set(r.table, [...(rels.get(r.table) ?? []), r]);
  for (const fk of fks) {
    const pairs = fk.columns.map((c, i): [string, string] => [c, fk.foreignColumns[i]]);
    const unique = tables.get(fk.table)?.uniques.some((u) => sameSet(u, fk.columns)) ?? false;
    add({ table: fk.table, foreignTable: fk.foreignTable, cardinality: unique ? 'one-to-one' : 'many-to-one', constraint: fk.name, columns: pairs });
    add({
      table: fk.foreignTable,
      foreignTable: fk.table,
      cardinality: unique ? 'one-to-one' : 'one-to-many',
      constraint: fk.name,
      columns: pairs.map(([a, b]): [string, string] => [b, a]),
    });
  }
  // Junctions: two FKs of one table whose columns are all part of its primary key.
  const byTable = new Map<string, ForeignKey[]>();
  for (const fk of fks) byTable.set(fk.table, [...(byTable.get(fk.table) ?? []), fk]);
  for (const [junction, list] of byTable) {
    const pk = tables.get(junction)?.pk ?? [];
    const inPk = list.filter((fk) => fk.columns.every((c) => pk.includes(c)));
    for (const a of inPk)
      for (const b of inPk) {
        if (a === b) continue;
        add({
          table: a.foreignTable,
          foreignTable: b.foreignTable,
          cardinality: 'many-to-many',
          constraint: a.name,
          columns: [],
          junction: {
            table: junction,
            constraint1: a.name,
            constraint2: b.name,
            source: a.columns.map((c, i): [string, string] => [c, a.foreignColumns[i]]),
            target: b.columns.map((c, i): [string, string] => [c, b.foreignColumns[i]]),
          },
        });
      }
  }
  return rels;
}
