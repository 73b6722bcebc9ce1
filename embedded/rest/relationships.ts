// Picks the one foreign-key relationship an embed means, as PostgREST does:
// by target table name, FK constraint name or FK column, narrowed by a hint;
// none → PGRST200, several → 300 PGRST201.
import { RestError } from './errors.ts';
import type { Relationship, SchemaCache } from './schema-cache.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

const toOne = (r: Relationship) => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
const singleCol = (cols: string[], name: string) => cols.length === 1 && cols[0] === name;

export function findRelationship(cache: SchemaCache, parent: string, target: string, hint?: string): Relationship {
  const rels = cache.relationships.get(parent) ?? [];
  const matches = rels.filter((r) => {
    const own = r.columns.map((c) => c[0]);
    const foreign = r.columns.map((c) => c[1]);
    if (!hint) {
      return (
        r.foreignTable === target ||
        (toOne(r) && (r.constraint === target || singleCol(own, target)))
      );
    }
    if (r.foreignTable !== target) return false;
    if (r.junction) return r.junction.table === hint || r.junction.constraint1 === hint || r.junction.constraint2 === hint;
    return r.constraint === hint || singleCol(own, hint) || singleCol(foreign, hint);
  });
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${target}'${hint ? `' using the hint '${hint}` : ''} in the schema '${EXPOSED_SCHEMA}', but no matches were found.`,
      null,
    );
  }
  const fmt = (cols: string[]) => `(${cols.join(', ')})`;
  const details = matches.map((r) => ({
    cardinality: r.cardinality,
    embedding: `${r.table} with ${r.foreignTable}`,
    relationship: r.junction
      ? `${r.junction.table} using ${r.junction.constraint1}${fmt(r.junction.source.map((c) => c[0]))} and ${r.junction.constraint2}${fmt(r.junction.target.map((c) => c[0]))}`
      : `${r.constraint} using ${r.table}${fmt(r.columns.map((c) => c[0]))} and ${r.foreignTable}${fmt(r.columns.map((c) => c[1]))}`,
  }));
  const hints = matches.map((r) => `'${r.foreignTable}!${r.junction ? r.junction.table : r.constraint}'`).join(', ');
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
    details,
    `Try changing '${target}' to one of the following: ${hints}. Find the desired relationship in the 'details' key.`,
  );
}
