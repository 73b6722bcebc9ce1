// `npm run reset`: wipe the local data folder (database, keys, files, outbox) and start fresh.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv, readConfig } from './config.ts';

loadDotEnv();
const { dataDir, databaseUrl } = readConfig();
const status = join(dataDir, 'status.json');
if (existsSync(status)) {
  try {
    process.kill(Number(JSON.parse(readFileSync(status, 'utf8')).PID), 0);
    console.error('The stack is running: stop it (Ctrl+C) before npm run reset.');
    process.exit(1);
  } catch {}
}
if (databaseUrl) console.warn('DATABASE_URL is set: reset only wipes the local data folder, not that database.');
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. Starting fresh…`);
await import('./main.ts');
