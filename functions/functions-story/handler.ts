// functions-story { eventId }: sanitises the English story, moves embedded
// base64 images into the events bucket, writes the 100-character summary as
// the English description (when an AI key is configured; otherwise the queued
// summary job waits for one), after which translation is queued.
import { aiConfigured } from '../_shared/ai.ts';
import { handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { processStory } from '../_shared/jobs/story.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';

export default handler(async (req) => {
  await staffOrService(req);
  const eventId = idField(await readBody(req), 'eventId');
  const db = serviceClient();
  try {
    const clean = await processStory(db, eventId, false);
    if (!aiConfigured()) return json({ eventId, ...clean, summary: 'queued', reason: 'AI provider not configured' }, 202);
    try {
      return json({ eventId, ...(await processStory(db, eventId, true)) });
    } catch (e) {
      // The story is clean; the queued summary job retries the AI step.
      return json({ eventId, ...clean, summary: 'queued', reason: e instanceof Error ? e.message : String(e) }, 202);
    }
  } catch (e) {
    jobError(e);
  }
});
