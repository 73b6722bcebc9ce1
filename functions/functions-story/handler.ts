// functions-story { eventId }: sanitises the English story, moves embedded
// base64 images into the events bucket, and writes the 100-character summary
// as the English description, after which the database queues translation.
// It runs the event's pending summary job itself (claimed, so the worker does
// not do it twice); when the worker has it already, or no AI key is set, the
// story is still cleaned at once and the summary follows from the job.
import { HttpError, handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { processStory } from '../_shared/jobs/story.ts';
import type { JobRow } from '../_shared/jobs/types.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';
import { emptyPass, settle, workerSettings } from '../_shared/worker.ts';

export default handler(async (req) => {
  await staffOrService(req);
  const eventId = idField(await readBody(req), 'eventId');
  const db = serviceClient();
  const { data: event } = await db.from('events').select('id').eq('id', eventId).maybeSingle();
  if (!event) throw new HttpError(404, 'not_found', 'Event not found');
  const s = workerSettings();
  const { data: claimed, error } = await db.rpc('claim_entity_job', { job: 'summary', entity: 'events', entity_row: eventId, lock_seconds: s.leaseSeconds });
  if (error) throw new Error(`claim_entity_job: ${error.message}`);
  const job = (claimed as JobRow[] | null)?.[0];
  if (!job) {
    try {
      const clean = await processStory(db, eventId, false);
      return json({ eventId, ...clean, summary: clean.summary, queued: true }, 202);
    } catch (e) {
      jobError(e);
    }
  }
  try {
    const result = await processStory(db, eventId, true);
    await settle(db, job, { ok: true }, emptyPass(), s.waitSeconds);
    return json({ eventId, ...result });
  } catch (e) {
    await settle(db, job, { ok: false, error: e }, emptyPass(), s.waitSeconds);
    // The story is clean whenever the first step ran; the job retries the rest.
    const clean = await processStory(db, eventId, false).catch(() => null);
    if (clean) return json({ eventId, ...clean, queued: true, reason: e instanceof Error ? e.message : String(e) }, 202);
    jobError(e);
  }
});
