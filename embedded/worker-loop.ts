// Runs the job worker function on a timer and whenever the database notifies
// the `jobs` channel. On hosted Supabase, pg_cron + pg_net do this instead.
import type { StackContext } from './context.ts';

export interface WorkerLoop {
  /** Runs one pass now (and waits for it); used by tests. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

export async function startWorkerLoop(
  ctx: StackContext,
  invoke: (name: string, req: Request) => Promise<Response>,
  hasWorker: boolean,
): Promise<WorkerLoop> {
  if (!hasWorker) return { kick: async () => {}, stop: async () => {} };
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    const res = await invoke(
      'worker',
      new Request(`${ctx.apiUrl}/functions/v1/worker`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ctx.keys.serviceRoleKey}`,
          'content-type': 'application/json',
        },
        body: '{}',
      }),
    );
    if (!res.ok) ctx.log(`worker pass answered ${res.status}: ${await res.text()}`);
    else await res.body?.cancel();
  };

  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass().catch((e) => ctx.log(`worker pass failed: ${e}`));
      } while (again && !stopped);
      running = null;
    })();
    return running;
  };

  const timer = setInterval(() => void kick(), ctx.config.workerIntervalMs);
  const unlisten = await ctx.db.listen('jobs', () => void kick());
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
    },
  };
}
