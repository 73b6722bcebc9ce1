// The job worker: claims due jobs (FOR UPDATE SKIP LOCKED, with a lease that
// expires so a crashed run is picked up again), runs at most WORKER_CONCURRENCY
// (5) at a time, and records each outcome:
//   done → complete_job; no AI key → defer_job (waits, attempt not counted);
//   429 → fail_job with the provider's retry delay; permanent → give_up_job;
//   other errors → fail_job (exponential back-off, failed after max_attempts).
import { aiConfigured } from './ai.ts';
import { intEnv, readEnv } from './env.ts';
import { AiNotConfiguredError, PermanentError, RateLimitedError, errorMessage } from './errors.ts';
import { deleteStory } from './jobs/delete-story.ts';
import { processPalette } from './jobs/palette.ts';
import { processStory } from './jobs/story.ts';
import { isTranslatable, translateEntity } from './jobs/translate.ts';
import { check, type Db, type EntityTable, type JobRow } from './jobs/types.ts';
import { processVideo } from './jobs/video.ts';

export const AI_NOT_CONFIGURED = 'AI provider not configured';

export const emptyPass = (): PassResult => ({ claimed: 0, done: 0, retried: 0, failed: 0, waiting: 0, woken: 0, peak: 0 });

export function workerSettings() {
  return {
    concurrency: intEnv('WORKER_CONCURRENCY', 5),
    leaseSeconds: intEnv('WORKER_LEASE_SECONDS', 300),
    /** Wall time of one pass; claims stop after it, running jobs finish. */
    maxRunMs: intEnv('WORKER_MAX_RUN_MS', 50_000),
    /** How long jobs wait for a missing AI key before looking again. */
    waitSeconds: intEnv('WORKER_WAIT_SECONDS', 300),
  };
}

export async function runJob(db: Db, job: JobRow): Promise<unknown> {
  const entity = (job.entity_table ?? job.payload.entity) as EntityTable | undefined;
  const id = Number(job.entity_id ?? job.payload.id);
  const final = job.attempts >= job.max_attempts;
  switch (job.kind) {
    case 'translate':
      if (!isTranslatable(entity)) throw new PermanentError(`Cannot translate ${entity}`);
      return translateEntity(db, entity, id, final);
    case 'summary':
      return processStory(db, id);
    case 'palette':
      if (!entity) throw new PermanentError('palette job without an entity');
      return processPalette(db, entity, id, job.payload.image_url as string | undefined);
    case 'video_details':
      return processVideo(db, id, final);
    case 'delete_story':
      return deleteStory(db, Number(job.payload.event_id ?? id), (job.payload.image_urls as string[] | undefined) ?? []);
    default:
      throw new PermanentError(`Unknown job kind ${String(job.kind)}`);
  }
}

export interface PassResult {
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  waiting: number;
  woken: number;
  peak: number;
}

export async function settle(db: Db, job: JobRow, outcome: { ok: true } | { ok: false; error: unknown }, result: PassResult, waitSeconds: number) {
  if (outcome.ok) {
    check(await db.rpc('complete_job', { job_id: job.id }), 'complete_job');
    result.done++;
    return;
  }
  const e = outcome.error;
  const message = errorMessage(e);
  if (e instanceof AiNotConfiguredError) {
    check(await db.rpc('defer_job', { job_id: job.id, reason: AI_NOT_CONFIGURED, delay_seconds: waitSeconds }), 'defer_job');
    result.waiting++;
  } else if (e instanceof PermanentError) {
    check(await db.rpc('give_up_job', { job_id: job.id, error: message }), 'give_up_job');
    result.failed++;
  } else {
    const retryIn = e instanceof RateLimitedError && e.retryAfterSeconds !== null ? Math.max(1, Math.ceil(e.retryAfterSeconds)) : null;
    const status = check(await db.rpc('fail_job', { job_id: job.id, error: message, retry_in_seconds: retryIn }), 'fail_job');
    if (status === 'failed') result.failed++;
    else result.retried++;
  }
}

/** One pass: claims and runs due jobs until none is left or the time is up. */
export async function runWorkerPass(db: Db): Promise<PassResult> {
  const s = workerSettings();
  const result: PassResult = { claimed: 0, done: 0, retried: 0, failed: 0, waiting: 0, woken: 0, peak: 0 };
  if (/^(1|true|yes)$/i.test(readEnv('WORKER_PAUSED') ?? '')) return result; // maintenance switch
  if (aiConfigured()) {
    result.woken = Number(check(await db.rpc('wake_jobs', { reason: AI_NOT_CONFIGURED }), 'wake_jobs') ?? 0);
  }
  const deadline = Date.now() + s.maxRunMs;
  const inFlight = new Set<Promise<void>>();
  for (;;) {
    const free = s.concurrency - inFlight.size;
    if (free > 0 && Date.now() < deadline) {
      const jobs = check(await db.rpc('claim_jobs_exclusive', { batch_size: free, lock_seconds: s.leaseSeconds }), 'claim_jobs_exclusive') as JobRow[];
      for (const job of jobs) {
        result.claimed++;
        const p: Promise<void> = runJob(db, job)
          .then(
            () => settle(db, job, { ok: true }, result, s.waitSeconds),
            (error) => settle(db, job, { ok: false, error }, result, s.waitSeconds),
          )
          .catch((e) => console.error(`worker: recording job ${job.id} failed: ${errorMessage(e)}`)) // the lease expires; it runs again
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
        result.peak = Math.max(result.peak, inFlight.size);
      }
      if (jobs.length === 0 && inFlight.size === 0) break;
      if (jobs.length > 0 && inFlight.size < s.concurrency) continue;
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight);
  }
  return result;
}
