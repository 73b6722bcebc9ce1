// video_details: YouTube title, duration (ISO 8601 and seconds) and best
// thumbnail of a resource; the model shortens the title to at most 100
// characters for the description. An invalid URL or a failed lookup leaves
// empty details, and the job records why.
import { generateText } from '../ai.ts';
import { PermanentError } from '../errors.ts';
import { fetchVideoDetails, parseYoutubeId } from '../youtube.ts';
import { clampSummary } from './story.ts';
import { check, type Db } from './types.ts';

export const TITLE_PROMPT = 'Shorten this video title to at most 100 characters. Answer with the title only.';

async function writeEmpty(db: Db, id: number, url: string) {
  check(
    await db.from('resources').update({ title: '', description: '', duration: '', duration_seconds: null, thumbnail: '' }).eq('id', id).eq('url', url),
    'write video details',
  );
}

export async function processVideo(db: Db, resourceId: number, finalAttempt = false): Promise<Record<string, unknown>> {
  const row = check(await db.from('resources').select('id, url, media_type').eq('id', resourceId).maybeSingle(), 'read resource') as
    | { id: number; url: string; media_type: string }
    | null;
  if (!row) return { skipped: 'resource deleted' };
  if (row.media_type !== 'youtube') return { skipped: 'not a video' };
  const videoId = parseYoutubeId(row.url);
  if (!videoId) {
    await writeEmpty(db, row.id, row.url);
    throw new PermanentError('Invalid YouTube URL');
  }
  let details;
  try {
    details = await fetchVideoDetails(videoId);
  } catch (e) {
    if (e instanceof PermanentError || finalAttempt) await writeEmpty(db, row.id, row.url);
    throw e;
  }
  // The facts first, so they are there even while the AI step waits.
  check(
    await db
      .from('resources')
      .update({ title: details.title, duration: details.duration, duration_seconds: details.durationSeconds, thumbnail: details.thumbnail ?? '' })
      .eq('id', row.id)
      .eq('url', row.url),
    'write video details',
  );
  const description = details.title ? clampSummary(await generateText(`${TITLE_PROMPT}\n\n${details.title}`)) : '';
  check(await db.from('resources').update({ description }).eq('id', row.id).eq('url', row.url), 'write video description');
  return { ...details, description };
}
