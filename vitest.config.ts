import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['embedded/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        // The web app's component and route tests, in a simulated DOM.
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 2 },
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each file starts its own stack (PGlite is one process-local database);
          // two at a time suits the 2-core machines.
          pool: 'forks',
          // supabase-js wants a global WebSocket, which Node 20 has behind a flag.
          execArgv: ['--experimental-websocket'],
          maxWorkers: 2,
        },
      },
    ],
  },
});
