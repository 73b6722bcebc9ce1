// video-details { resourceId } → reads and stores the YouTube details of a
// resource; { url } → the details of a link, stored nowhere. An invalid URL or
// a failed lookup gives empty details and the reason.
import { aiConfigured, generateText } from '../_shared/ai.ts';
import { badRequest, handler, idField, jobError, json, readBody } from '../_shared/http.ts';
import { clampSummary } from '../_shared/jobs/story.ts';
import { processVideo, TITLE_PROMPT } from '../_shared/jobs/video.ts';
import { serviceClient, staffOrService } from '../_shared/supabase.ts';
import { EMPTY_DETAILS, fetchVideoDetails, parseYoutubeId } from '../_shared/youtube.ts';

export default handler(async (req) => {
  await staffOrService(req);
  const body = await readBody(req);
  if (body.resourceId !== undefined) {
    const id = idField(body, 'resourceId');
    try {
      return json(await processVideo(serviceClient(), id));
    } catch (e) {
      if (e instanceof Error && (e.name === 'PermanentError' || e.message.startsWith('YouTube'))) return json({ ...EMPTY_DETAILS, error: e.message });
      jobError(e);
    }
  }
  if (typeof body.url !== 'string') throw badRequest('Give a resourceId or a url');
  const videoId = parseYoutubeId(body.url);
  if (!videoId) return json({ ...EMPTY_DETAILS, error: 'Invalid YouTube URL' });
  try {
    const d = await fetchVideoDetails(videoId);
    const description = aiConfigured() && d.title ? clampSummary(await generateText(`${TITLE_PROMPT}\n\n${d.title}`)) : '';
    return json({ videoId, title: d.title, description, duration: d.duration, durationSeconds: d.durationSeconds, thumbnail: d.thumbnail ?? '' });
  } catch (e) {
    return json({ ...EMPTY_DETAILS, error: e instanceof Error ? e.message : String(e) });
  }
});
