// A request's read shape as a tree: the root resource and its embedded
// resources, each with the filters, order and paging that apply to it.
import { RestError } from './errors.ts';
import type { Condition, OrderTerm, SelectItem } from './parse.ts';
import { parseFilter, parseLogic, parseNonNegInt, parseOperation, parseOrder, parseSelect, UnsupportedError } from './parse.ts';
import { findRelationship } from './relationships.ts';
import type { Relationship, SchemaCache } from './schema-cache.ts';

export interface Node {
  /** Table (or function) name; relationships are looked up by it. */
  name: string;
  /** SQL alias of this level's rows. */
  alias: string;
  /** JSON key in the parent object. */
  key: string;
  items: SelectItem[];
  rel?: Relationship;
  inner: boolean;
  countOnly: boolean;
  conditions: Condition[];
  /** `embed=is.null` / `embed=not.is.null` filters on this node's children. */
  embedNull: { child: Node; isNull: boolean }[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  children: Node[];
}

/** Query parameters that are not filters. */
const ROOT_RESERVED = new Set(['select', 'columns', 'on_conflict', 'apikey']);
const LEVEL_RESERVED = new Set(['order', 'limit', 'offset', 'or', 'and']);

export function buildPlan(cache: SchemaCache, name: string, selectRaw: string | null): Node {
  let counter = 0;
  const make = (name: string, key: string, items: SelectItem[], alias: string): Node => {
    const node: Node = { name, alias, key, items, inner: false, countOnly: false, conditions: [], embedNull: [], order: [], children: [] };
    for (const item of items) {
      if (item.kind !== 'embed') continue;
      const rel = findRelationship(cache, name, item.name, item.hint);
      const child = make(rel.foreignTable, item.alias ?? item.name, item.items, `${rel.foreignTable}_${++counter}`);
      child.rel = rel;
      child.inner = item.joinType === 'inner';
      child.countOnly = item.items.length === 1 && item.items[0].kind === 'count';
      node.children.push(child);
    }
    return node;
  };
  const items = parseSelect(selectRaw ?? '*');
  return make(name, name, items, name);
}

function findNode(root: Node, path: string[]): Node {
  let node = root;
  for (const seg of path) {
    const next = node.children.find((c) => c.key === seg);
    if (!next)
      throw new RestError(400, 'PGRST108', `'${seg}' is not an embedded resource in this request`, null, `Verify that '${seg}' is included in the 'select' query parameter.`);
    node = next;
  }
  return node;
}

/**
 * Distributes the query string over the plan: `rel.col=eq.1` filters the embed
 * `rel`, `rel.order=` orders it, and so on. `mutation` rejects what PostgREST
 * does not apply to writes.
 */
export function applyParams(root: Node, params: URLSearchParams, opts: { mutation?: boolean } = {}): void {
  for (const [key, value] of params) {
    if (ROOT_RESERVED.has(key)) continue;
    const arrow = key.indexOf('->');
    const head = arrow >= 0 ? key.slice(0, arrow) : key;
    const segs = head.split('.');
    let last = segs.pop()!;
    let negate = false;
    if ((last === 'or' || last === 'and') && segs.at(-1) === 'not') {
      segs.pop();
      negate = true;
    }
    if (arrow < 0 && (LEVEL_RESERVED.has(last) || negate)) {
      const node = findNode(root, segs);
      if (last === 'or' || last === 'and') node.conditions.push(parseLogic(last, negate, value));
      else if (last === 'order') node.order = parseOrder(value);
      else if (opts.mutation && (last === 'limit' || last === 'offset'))
        throw new UnsupportedError(`"${key}" is not supported on ${'PATCH or DELETE'} requests`);
      else if (last === 'limit') node.limit = parseNonNegInt('limit', value);
      else if (last === 'offset') node.offset = parseNonNegInt('offset', value);
      continue;
    }
    const fieldRaw = last + (arrow >= 0 ? key.slice(arrow) : '');
    const node = findNode(root, segs);
    const embed = arrow < 0 ? node.children.find((c) => c.key === last) : undefined;
    if (embed) {
      const { negate: neg, operation } = parseOperation(value);
      if (operation.op !== 'is' || operation.value !== 'null')
        throw new RestError(400, 'PGRST120', `Bad operator on the '${last}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
      node.embedNull.push({ child: embed, isNull: !neg });
      continue;
    }
    node.conditions.push(parseFilter(fieldRaw, value));
  }
}
