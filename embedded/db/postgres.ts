import pg from 'pg';
import type { Db, Queryable } from './adapter.ts';

// Hand back timestamps, int8 and numeric as Postgres prints them, like PGlite's
// text-compatible values; JSON responses are built in SQL anyway.
const identity = (v: string) => v;
for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, identity);
pg.types.setTypeParser(20, (v: string) => Number(v));

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query(sql, params) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows, affectedRows: r.rowCount ?? undefined };
    },
    async exec(sql) {
      await client.query(sql);
    },
  };
}

export async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (restart, drop database) is replaced on
  // the next query; it must not take the process down.
  pool.on('error', (e) => console.error(`postgres: idle connection lost: ${e.message}`));
  await pool.query('select 1');
  // A listener holds a pooled connection and pool.end() would wait for it
  // forever, so close() stops the ones still open.
  const listeners = new Set<() => Promise<void>>();
  const starting = new Set<Promise<unknown>>();
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (e) {
        await client.query('rollback').catch(() => {});
        throw e;
      } finally {
        client.release();
      }
    },
    listen(channel, onNotify) {
      const opening = (async () => {
        const client = await pool.connect();
        const handler = (m: pg.Notification) => m.channel === channel && onNotify(m.payload ?? '');
        client.on('notification', handler);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        const stop = async () => {
          if (!listeners.delete(stop)) return;
          client.off('notification', handler);
          await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
          client.release();
        };
        listeners.add(stop);
        return stop;
      })();
      // close() may come while a listener is still connecting: it waits for it.
      starting.add(opening);
      void opening.finally(() => starting.delete(opening)).catch(() => {});
      return opening;
    },
    async close() {
      await Promise.allSettled([...starting]);
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}
