// Brings a database to the project's schema: platform bootstrap, then each
// migrations/*.sql not yet recorded (as supabase_migrations.schema_migrations
// records them), then seed.sql the first time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from './adapter.ts';

export interface MigrateOptions {
  migrationsDir: string;
  seedFile?: string;
  log?: (line: string) => void;
}

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

const PLATFORM_SQL = readFileSync(join(import.meta.dirname, 'platform.sql'), 'utf8');

/** `20250101000000_users.sql` → version `20250101000000`, name `users`. */
export function parseMigrationFile(file: string): { version: string; name: string } | null {
  const m = /^(\d+)_(.+)\.sql$/.exec(file);
  return m ? { version: m[1], name: m[2] } : null;
}

export async function migrate(db: Db, opts: MigrateOptions): Promise<MigrateResult> {
  const log = opts.log ?? (() => {});
  await db.exec(PLATFORM_SQL);

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const files = existsSync(opts.migrationsDir)
    ? readdirSync(opts.migrationsDir).filter((f) => parseMigrationFile(f)).sort()
    : [];
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = parseMigrationFile(file)!;
    if (done.has(version)) continue;
    const sql = readFileSync(join(opts.migrationsDir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          name,
          [sql],
        ]);
      });
    } catch (e) {
      throw new Error(`Migration ${file} failed: ${e instanceof Error ? e.message : e}`);
    }
    applied.push(file);
    log(`applied migration ${file}`);
  }

  let seeded = false;
  if (opts.seedFile && existsSync(opts.seedFile)) {
    const already = await db.query('select 1 from supabase_migrations.seed_files limit 1');
    if (already.rows.length === 0) {
      const sql = readFileSync(opts.seedFile, 'utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
            'seed.sql',
            createHash('sha256').update(sql).digest('hex'),
          ]);
        });
      } catch (e) {
        throw new Error(`seed.sql failed: ${e instanceof Error ? e.message : e}`);
      }
      seeded = true;
      log('seeded the database from seed.sql');
    }
  }
  if (applied.length) await db.exec(`notify pgrst, 'reload schema'`);
  return { applied, seeded };
}
