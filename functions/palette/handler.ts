// palette { entity: 'events' | 'people' | 'resources', id } → computes and
// stores the six swatches of the entity's image; { imageUrl } → the swatches
// of an image in this project's storage, stored nowhere.
import { HttpError, badRequest, handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { loadImage, processPalette, storageObject } from '../_shared/jobs/palette.ts';
import { paletteOfImage } from '../_shared/palette.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';

const ENTITIES = ['events', 'people', 'resources'] as const;

export default handler(async (req) => {
  await staffOrService(req);
  const body = await readBody(req);
  const db = serviceClient();
  try {
    if (typeof body.imageUrl === 'string') {
      if (!storageObject(body.imageUrl)) throw badRequest('imageUrl must be an image in this project\'s storage');
      return json({ colors: await paletteOfImage(await loadImage(db, body.imageUrl)) });
    }
    const entity = body.entity as (typeof ENTITIES)[number];
    if (!ENTITIES.includes(entity)) throw badRequest('entity must be events, people or resources');
    const colors = await processPalette(db, entity, idField(body, 'id'));
    if (!colors) throw new HttpError(404, 'not_found', 'No image to take colours from');
    return json({ colors });
  } catch (e) {
    jobError(e);
  }
});
