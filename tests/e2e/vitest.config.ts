// The browser suite: Playwright driving Debian's Chromium against the built
// app served by a private embedded stack. Run by `npm test` (tests/run.ts)
// when a Chromium is found; alone with `npm run test:e2e`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    execArgv: ['--experimental-websocket'],
  },
});
