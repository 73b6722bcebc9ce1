// `npm run psql`: psql connected to the running stack's database.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv, readConfig } from './config.ts';

loadDotEnv();
const file = join(readConfig().dataDir, 'status.json');
const url = process.env.DATABASE_URL ?? (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).DB_URL : undefined);
if (!url) {
  console.error('Start the stack first (npm start), or set DATABASE_URL.');
  process.exit(1);
}
const r = spawnSync('psql', [url, ...process.argv.slice(2)], { stdio: 'inherit' });
if (r.error) {
  console.error(`psql is not installed (apt-get install postgresql-client). Connect any Postgres client to ${url}`);
  process.exit(1);
}
process.exit(r.status ?? 0);
