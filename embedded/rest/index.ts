// /rest/v1: the PostgREST subset of the embedded stack. The schema cache is
// loaded on first use, and reloaded on NOTIFY pgrst, 'reload schema' (which
// the migrations runner sends) or through ctx.reloadSchema.
import type { Hono } from 'hono';
import type { StackContext } from '../context.ts';
import { restApp } from './routes.ts';
import { loadSchemaCache, type SchemaCache } from './schema-cache.ts';

export function restRoutes(ctx: StackContext): Hono {
  let cache: SchemaCache | null = null;
  let loading: Promise<SchemaCache> | null = null;
  const reload = () =>
    (loading ??= loadSchemaCache(ctx.db)
      .then((c) => (cache = c))
      .finally(() => (loading = null)));
  // A failed reload (e.g. mid-migration) keeps the previous cache serving.
  const getCache = () => (cache ? Promise.resolve(cache) : reload());
  ctx.reloadSchema = async () => {
    await reload();
  };
  void ctx.db
    .listen('pgrst', (payload) => {
      if (payload === '' || payload === 'reload schema')
        reload().catch((e) => ctx.log(`rest: schema cache reload failed: ${e instanceof Error ? e.message : e}`));
    })
    .catch((e) => {
      ctx.log(`rest: cannot LISTEN pgrst: ${e instanceof Error ? e.message : e}`);
      return null;
    });
  return restApp(ctx, getCache);
}
