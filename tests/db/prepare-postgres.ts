// CI: brings the Postgres at DATABASE_URL to the project's schema (platform
// bootstrap, migrations, seed) and installs pgTAP, so pg_prove can run the files.
import { join } from 'node:path';
import { migrate } from '../../embedded/db/migrate.ts';
import { openPostgres } from '../../embedded/db/postgres.ts';

const root = join(import.meta.dirname, '../..');
const db = await openPostgres(process.env.DATABASE_URL!);
const result = await migrate(db, { migrationsDir: join(root, 'migrations'), seedFile: join(root, 'seed.sql') });
await db.exec('create extension if not exists pgtap');
console.log(`applied ${result.applied.length} migrations, seeded: ${result.seeded}`);
await db.close();
