// `npm start`: the product on its embedded default: no keys, no Docker, no internet.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadDotEnv } from './config.ts';
import { startStack } from './stack.ts';

const started = performance.now();
loadDotEnv();
try {
  const stack = await startStack();
  const res = await fetch(`${stack.apiUrl}/auth/v1/health`);
  const ms = Math.round(performance.now() - started);
  const web = existsSync(join(ROOT, 'web/dist/index.html'));
  console.log(`
  History console is running (started in ${(ms / 1000).toFixed(1)} s, first answer ${res.status})

  Console      ${stack.apiUrl}/login${web ? '' : '   (web app not built: npm run build)'}
  Sign in as   admin@example.com / Admin#2026   (local demo account only)
  Mail outbox  ${stack.outboxUrl}
  API          ${stack.apiUrl}   (npm run status for keys)
  Database     ${stack.dbUrl}   (npm run psql)
  Data folder  ${stack.config.dataDir}${stack.config.databaseUrl ? ' (keys only; data in DATABASE_URL)' : ''}
`);
  const stop = async () => {
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
