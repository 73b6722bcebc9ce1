import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pgtap } from '@electric-sql/pglite-pgtap';
import type { Db, Queryable } from './adapter.ts';

/**
 * The extensions a hosted Supabase project offers that our SQL uses. Each one
 * costs start-up time, so pgTAP is loaded only when tests ask for it.
 */
const extensions = { pg_trgm, pgcrypto, uuid_ossp };

function wrap(q: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query(sql, params) {
      const r = await q.query(sql, params as unknown[]);
      return { rows: r.rows as never[], affectedRows: r.affectedRows };
    },
    async exec(sql) {
      await q.exec(sql);
    },
  };
}

export async function openPglite(
  dataDir: string | undefined,
  options: { pgtap?: boolean } = {},
): Promise<{ db: Db; pglite: PGlite }> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir, extensions: options.pgtap ? { ...extensions, pgtap } : extensions });
  const base = wrap(pglite);
  const db: Db = {
    kind: 'pglite',
    ...base,
    // PGlite has one connection; its transaction() holds an exclusive lock,
    // so concurrent requests queue instead of interleaving statements.
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onNotify) {
      return pglite.listen(channel, onNotify);
    },
    close: () => pglite.close(),
  };
  return { db, pglite };
}
