// delete_story: removes what a deleted event left behind: its feature image,
// image resources and story images in storage, and any translation rows or
// pending jobs still there. Safe to run twice.
import { storageObject } from './palette.ts';
import { check, type Db } from './types.ts';

export async function deleteStory(db: Db, eventId: number, imageUrls: string[] = []): Promise<{ removed: number }> {
  const byBucket = new Map<string, Set<string>>();
  const add = (bucket: string, path: string) => {
    if (!byBucket.has(bucket)) byBucket.set(bucket, new Set());
    byBucket.get(bucket)!.add(path);
  };
  for (const url of imageUrls) {
    const o = typeof url === 'string' ? storageObject(url) : null;
    if (o) add(o.bucket, o.path);
  }
  // Story images live under events/stories/<id>/ (moved there by the story step).
  const listed = await db.storage.from('events').list(`stories/${eventId}`, { limit: 1000 });
  for (const f of listed.data ?? []) add('events', `stories/${eventId}/${f.name}`);

  let removed = 0;
  for (const [bucket, paths] of byBucket) {
    const { data, error } = await db.storage.from(bucket).remove([...paths]);
    if (error) throw new Error(`Failed to delete image: ${error.message}`);
    removed += data?.length ?? 0;
  }
  // Normally gone with the event (foreign keys, triggers); cleaned here for a row deleted another way.
  const exists = check(await db.from('events').select('id').eq('id', eventId).maybeSingle(), 'read event');
  if (!exists) {
    check(await db.from('event_translations').delete().eq('event_id', eventId), 'delete translations');
    check(
      await db.from('jobs').delete().eq('entity_table', 'events').eq('entity_id', eventId).eq('status', 'pending').neq('kind', 'delete_story'),
      'delete pending jobs',
    );
  }
  return { removed };
}
