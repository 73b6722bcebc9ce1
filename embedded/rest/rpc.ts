// /rpc/fn: picks the overload that the given named arguments fit, and builds
// its call. Arguments travel as one JSON parameter spread by json_to_record,
// so Postgres converts each to the parameter's declared type.
import { RestError } from './errors.ts';
import type { RpcFunction, SchemaCache } from './schema-cache.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';
import { ident, Params, qualified } from './sql.ts';

export function chooseFunction(cache: SchemaCache, name: string, keys: string[], isPost: boolean): RpcFunction {
  const overloads = cache.functions.get(name) ?? [];
  const fits = overloads.filter((f) => {
    const names = f.params.map((p) => p.name);
    return keys.every((k) => names.includes(k)) && f.params.every((p) => p.hasDefault || keys.includes(p.name));
  });
  if (fits.length === 1) return fits[0];
  const func = `${EXPOSED_SCHEMA}.${name}`;
  if (fits.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map((f) => `${func}(${f.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const sorted = [...keys].sort();
  const list = sorted.join(', ');
  const withParams = sorted.length ? ` with parameter${sorted.length > 1 ? 's' : ''} ${list}` : ' without parameters';
  throw new RestError(
    404,
    'PGRST202',
    `Could not find the function ${func}${sorted.length ? `(${list})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${func}${withParams}${isPost ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    null,
  );
}

/** The FROM item calling fn with the arguments in `args` (a JSON object text), aliased `_f`. */
export function callSql(fn: RpcFunction, keys: string[], p: Params, args: string): string {
  const used = fn.params.filter((x) => keys.includes(x.name));
  const call = `${qualified(fn.name)}(${used.map((x) => `${ident(x.name)} := "_a".${ident(x.name)}`).join(', ')})`;
  if (!used.length) return `${call} "_f"`;
  return `json_to_record(${p.add(args)}::json) as "_a"(${used.map((x) => `${ident(x.name)} ${x.type}`).join(', ')}), lateral ${call} "_f"`;
}
