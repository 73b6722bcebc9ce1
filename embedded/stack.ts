// Starts the whole embedded stack: database (PGlite or Postgres), migrations
// and seed, keys, the API server, the Postgres wire port, the outbox page and
// the job worker loop. main.ts runs it for people; tests run it in-process.
import { writeFileSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ROOT, readConfig, type StackConfig } from './config.ts';
import type { StackContext } from './context.ts';
import type { Db } from './db/adapter.ts';
import { migrate } from './db/migrate.ts';
import { openPglite } from './db/pglite.ts';
import { openPostgres } from './db/postgres.ts';
import { createApp } from './app.ts';
import { functionsRoutes } from './functions/runner.ts';
import { loadOrCreateKeys, type Keys } from './keys.ts';
import { Outbox } from './outbox/outbox.ts';
import { outboxApp } from './outbox/page.ts';
import { startWorkerLoop, type WorkerLoop } from './worker-loop.ts';

export interface StackOptions extends Partial<StackConfig> {
  migrationsDir?: string;
  seedFile?: string;
  functionsDir?: string;
  configToml?: string;
  /** Serve the Postgres wire protocol (PGlite only). Default true. */
  socket?: boolean;
  /** Run the job worker loop. Default true. */
  worker?: boolean;
}

export interface Stack {
  config: StackConfig;
  keys: Keys;
  db: Db;
  apiUrl: string;
  dbUrl: string;
  outboxUrl: string;
  outbox: Outbox;
  worker: WorkerLoop;
  migrations: { applied: string[]; seeded: boolean };
  close(): Promise<void>;
}

function listen(app: { fetch: (req: Request) => Response | Promise<Response> }, host: string, port: number): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => resolve({ server, port: info.port }));
    server.once('error', reject);
  });
}

const closeServer = (s: ServerType) =>
  new Promise<void>((resolve) => {
    (s as import('node:http').Server).closeAllConnections?.();
    s.close(() => resolve());
  });

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const { migrationsDir, seedFile, functionsDir, configToml, socket = true, worker = true, ...overrides } = options;
  const config = readConfig(overrides);
  const log = config.quiet ? () => {} : (line: string) => console.log(line);
  mkdirSync(config.dataDir, { recursive: true });

  let db: Db;
  let socketServer: PGLiteSocketServer | null = null;
  let dbPort = config.dbPort;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else {
    const opened = await openPglite(join(config.dataDir, 'pgdata'));
    db = opened.db;
    if (socket) {
      socketServer = new PGLiteSocketServer({ db: opened.pglite, host: config.host, port: config.dbPort, maxConnections: 20 });
      await socketServer.start();
      const conn = socketServer.getServerConn();
      dbPort = Number(conn.split(':').pop());
    }
  }

  const migrations = await migrate(db, {
    migrationsDir: migrationsDir ?? join(ROOT, 'migrations'),
    seedFile: seedFile ?? join(ROOT, 'seed.sql'),
    log,
  });
  const keys = await loadOrCreateKeys(config.dataDir);
  const outbox = new Outbox(join(config.dataDir, 'outbox.jsonl'));
  const ctx: StackContext = { config, db, keys, outbox, apiUrl: '', log };

  const fns = functionsRoutes(ctx, {
    functionsDir: functionsDir ?? join(ROOT, 'functions'),
    configToml: configToml ?? join(ROOT, 'supabase', 'config.toml'),
  });
  const app = createApp(ctx, fns.app);
  const api = await listen(app, config.host, config.apiPort);
  ctx.apiUrl = `http://${config.host}:${api.port}`;
  // The stack hosts the site too, so by default e-mailed links come back here
  // (known only now when the port was 0, "any free port").
  if (!config.siteUrl) config.siteUrl = ctx.apiUrl;
  const outboxServer = await listen(outboxApp(outbox), config.host, config.outboxPort);
  const outboxUrl = `http://${config.host}:${outboxServer.port}`;
  const dbUrl = config.databaseUrl ?? `postgresql://postgres:postgres@${config.host}:${dbPort}/postgres`;

  // What the functions read from their environment, as on Supabase.
  Object.assign(process.env, {
    SUPABASE_URL: ctx.apiUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_DB_URL: dbUrl,
  });
  const workerLoop = await startWorkerLoop(ctx, fns.invoke, worker && fns.has('worker'));

  const status = {
    API_URL: ctx.apiUrl,
    DB_URL: dbUrl,
    ANON_KEY: keys.anonKey,
    SERVICE_ROLE_KEY: keys.serviceRoleKey,
    JWT_SECRET: keys.jwtSecret,
    OUTBOX_URL: outboxUrl,
    PID: process.pid,
  };
  writeFileSync(join(config.dataDir, 'status.json'), JSON.stringify(status, null, 2));

  let closed = false;
  return {
    config,
    keys,
    db,
    apiUrl: ctx.apiUrl,
    dbUrl,
    outboxUrl,
    outbox,
    worker: workerLoop,
    migrations,
    async close() {
      if (closed) return;
      closed = true;
      await workerLoop.stop();
      await closeServer(api.server);
      await closeServer(outboxServer.server);
      await socketServer?.stop();
      await db.close();
    },
  };
}
