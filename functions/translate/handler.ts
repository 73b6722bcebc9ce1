// translate { entity: 'categories' | 'events' | 'people', id }: translates
// the entity's stale or missing languages now (staff or service caller).
import { badRequest, handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { isTranslatable, translateEntity } from '../_shared/jobs/translate.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';

export default handler(async (req) => {
  await staffOrService(req);
  const body = await readBody(req);
  const entity = body.entity;
  if (!isTranslatable(entity)) throw badRequest('entity must be categories, events or people');
  const id = idField(body, 'id');
  try {
    return json(await translateEntity(serviceClient(), entity, id));
  } catch (e) {
    jobError(e);
  }
});
