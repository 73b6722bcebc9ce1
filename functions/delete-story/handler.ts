// delete-story { eventId }: after an event is deleted, removes its story
// images and feature/resource images from storage and any leftovers. Safe to run twice.
import { HttpError, handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { deleteStory } from '../_shared/jobs/delete-story.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';

export default handler(async (req) => {
  await staffOrService(req);
  const eventId = idField(await readBody(req), 'eventId');
  const db = serviceClient();
  const { data: event } = await db.from('events').select('id').eq('id', eventId).maybeSingle();
  if (event) throw new HttpError(409, 'event_exists', 'Delete the event first');
  // The delete trigger queued the image list with the delete_story job.
  const { data: jobs } = await db.from('jobs').select('payload').eq('kind', 'delete_story').eq('entity_id', eventId);
  const urls = (jobs ?? []).flatMap((j: { payload: { image_urls?: string[] } }) => j.payload.image_urls ?? []);
  try {
    return json({ eventId, ...(await deleteStory(db, eventId, urls)) });
  } catch (e) {
    jobError(e);
  }
});
