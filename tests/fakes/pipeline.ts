// Helpers of the pipeline integration tests: a stack whose worker loop only
// runs when the test kicks it, and waiting for the job queue to settle.
import type { TestStack } from '../support/stack.ts';

/** Runs worker passes until no job is due (pending with run_after <= now, or running). */
export async function drain(stack: TestStack, maxPasses = 20): Promise<void> {
  for (let i = 0; i < maxPasses; i++) {
    await stack.worker.kick();
    const { rows } = await stack.db.query<{ n: number }>(
      `select count(*)::int as n from public.jobs where (status = 'pending' and run_after <= now()) or (status = 'running' and locked_until > now())`,
    );
    if (Number(rows[0].n) === 0) return;
  }
  throw new Error('the job queue did not settle');
}

/** Jobs of one entity, oldest first. */
export async function jobsOf(stack: TestStack, table: string, id: number) {
  const { rows } = await stack.db.query<{ id: number; kind: string; status: string; attempts: number; last_error: string | null; run_after: string; updated_at: string }>(
    `select id, kind::text, status::text, attempts, last_error, run_after::text, updated_at::text from public.jobs where entity_table = $1 and entity_id = $2 order by id`,
    [table, id],
  );
  return rows;
}

/** Makes every pending job due now (skips back-off waits in tests). */
export async function makeDue(stack: TestStack): Promise<void> {
  await stack.db.query(`update public.jobs set run_after = now() where status = 'pending'`);
}

export async function clearJobs(stack: TestStack): Promise<void> {
  await stack.worker.kick();
  await stack.db.query('delete from public.jobs');
}
