// `npm run dev`: the embedded stack plus Vite's dev server with hot reload.
// The dev server forwards /runtime-config.js to the stack, so the app gets its
// API URL and anon key exactly as in production.
import { join } from 'node:path';
import { createServer } from 'vite';
import { ROOT, loadDotEnv } from './config.ts';
import { startStack } from './stack.ts';

loadDotEnv();
const stack = await startStack();
const vite = await createServer({
  configFile: join(ROOT, 'web/vite.config.ts'),
  server: {
    host: stack.config.host,
    port: Number(process.env.WEB_DEV_PORT || 5173),
    proxy: { '/runtime-config.js': stack.apiUrl },
  },
});
await vite.listen();
console.log(`
  Dev console  ${vite.resolvedUrls?.local[0] ?? ''}login   (hot reload)
  Sign in as   admin@example.com / Admin#2026   (local demo account only)
  API          ${stack.apiUrl}
  Mail outbox  ${stack.outboxUrl}
`);
const stop = async () => {
  await vite.close();
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
