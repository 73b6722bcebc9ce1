// `npm run status`: the running stack's URLs and keys, `supabase status -o env` style.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDotEnv, readConfig } from './config.ts';

loadDotEnv();
const file = join(readConfig().dataDir, 'status.json');
if (!existsSync(file)) {
  console.error(`No stack has started with data folder ${readConfig().dataDir}: run npm start first.`);
  process.exit(1);
}
const status = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string | number>;
let alive = false;
try {
  process.kill(Number(status.PID), 0);
  alive = true;
} catch {}
for (const key of ['API_URL', 'DB_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'JWT_SECRET', 'OUTBOX_URL']) {
  console.log(`${key}="${status[key]}"`);
}
if (!alive) console.error('# note: the stack that wrote these is not running (npm start)');
