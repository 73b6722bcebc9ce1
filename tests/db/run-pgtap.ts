// Runs every pgTAP file in supabase/tests/database on a fresh PGlite (with
// @electric-sql/pglite-pgtap), after the platform bootstrap, the migrations
// and seed.sql. With PGTAP_DATABASE_URL set it runs them on that Postgres
// instead (migrating it first unless PGTAP_SKIP_MIGRATE=1).
// Prints TAP per file and a closing line "N passed, N failed"; exits 1 on any
// failure. Usage: tsx tests/db/run-pgtap.ts [file-filter ...]
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../embedded/db/adapter.ts';
import { migrate } from '../../embedded/db/migrate.ts';
import { openPglite } from '../../embedded/db/pglite.ts';
import { openPostgres } from '../../embedded/db/postgres.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const TEST_DIR = join(ROOT, 'supabase', 'tests', 'database');

type RunSql = (sql: string) => Promise<string[]>;

/** The text of every single-column row a script returned, in order (what pg_prove reads). */
function tapLines(results: Array<{ rows: unknown[]; fields?: Array<{ name: string }> }>): string[] {
  const out: string[] = [];
  for (const r of results) {
    if (!r.fields || r.fields.length !== 1) continue;
    const name = r.fields[0].name;
    for (const row of r.rows as Array<Record<string, unknown>>) {
      const v = Array.isArray(row) ? row[0] : row[name];
      if (v != null) out.push(...String(v).split('\n'));
    }
  }
  return out;
}

async function open(): Promise<{ db: Db; run: RunSql; close: () => Promise<void>; label: string }> {
  const url = process.env.PGTAP_DATABASE_URL;
  if (url) {
    const db = await openPostgres(url);
    if (process.env.PGTAP_SKIP_MIGRATE !== '1') {
      await migrate(db, { migrationsDir: join(ROOT, 'migrations'), seedFile: join(ROOT, 'seed.sql') });
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    client.on('notice', () => {});
    return {
      db,
      label: 'Postgres',
      async run(sql) {
        const r = (await client.query(sql)) as unknown;
        return tapLines((Array.isArray(r) ? r : [r]) as never);
      },
      async close() {
        await client.end();
        await db.close();
      },
    };
  }
  const { db, pglite } = await openPglite(undefined, { pgtap: true });
  await migrate(db, { migrationsDir: join(ROOT, 'migrations'), seedFile: join(ROOT, 'seed.sql') });
  return {
    db,
    label: 'PGlite',
    async run(sql) {
      return tapLines((await pglite.exec(sql)) as never);
    },
    close: () => db.close(),
  };
}

async function main() {
  const filters = process.argv.slice(2);
  const files = readdirSync(TEST_DIR)
    .filter((f) => f.endsWith('.test.sql'))
    .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
    .sort();
  const started = Date.now();
  const { run, close, label } = await open();
  console.log(`# pgTAP on ${label}: ${files.length} files (setup ${Date.now() - started} ms)`);

  let passed = 0;
  let failed = 0;
  const failedFiles: string[] = [];
  for (const file of files) {
    console.log(`# ${file}`);
    const sql = readFileSync(join(TEST_DIR, file), 'utf8');
    let lines: string[] = [];
    let error: string | null = null;
    try {
      lines = await run(sql);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      await run('rollback').catch(() => {});
    }
    let planned = -1;
    let ran = 0;
    let fileFailed = 0;
    for (const line of lines) {
      console.log(line);
      const plan = /^1\.\.(\d+)/.exec(line);
      if (plan) planned = Number(plan[1]);
      if (/^ok \d+/.test(line)) {
        ran++;
        passed++;
      } else if (/^not ok \d+/.test(line)) {
        ran++;
        if (/# TODO/.test(line)) passed++;
        else {
          failed++;
          fileFailed++;
        }
      }
    }
    if (error) {
      console.log(`not ok - ${file} died: ${error}`);
      failed++;
      fileFailed++;
    } else if (planned >= 0 && ran !== planned) {
      console.log(`not ok - ${file} planned ${planned} tests but ran ${ran}`);
      failed++;
      fileFailed++;
    } else if (planned < 0) {
      console.log(`not ok - ${file} has no plan`);
      failed++;
      fileFailed++;
    }
    if (fileFailed) failedFiles.push(file);
  }
  await close();
  if (failedFiles.length) console.log(`# failed files: ${failedFiles.join(', ')}`);
  console.log(`# ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  // npm test adds these counts to its one summary line.
  if (process.env.PGTAP_RESULTS) writeFileSync(process.env.PGTAP_RESULTS, JSON.stringify({ passed, failed }));
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
