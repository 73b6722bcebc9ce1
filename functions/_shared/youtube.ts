// YouTube: video ids from every URL form, ISO 8601 durations, the best
// thumbnail, and the Data API v3 videos.list call.
import { youtubeEnv } from './env.ts';
import { PermanentError } from './errors.ts';

const ID = /^[A-Za-z0-9_-]{6,}$/;
const HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The video id of watch?v=, youtu.be/, shorts/, embed/, live/ and v/ URLs; null otherwise. */
export function parseYoutubeId(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let id: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (HOSTS.has(host)) {
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'watch') id = url.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v', 'e'].includes(parts[0] ?? '')) id = parts[1] ?? null;
  }
  return id && ID.test(id) ? id : null;
}

/** ISO 8601 duration (PT1H2M3S, P1DT2H, PT15.5S) → whole seconds; null if not one. */
export function isoDurationToSeconds(iso: string): number | null {
  const m = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso.trim());
  if (!m || iso.trim() === 'P' || iso.trim().endsWith('T')) return null;
  const [, w, d, h, min, s] = m;
  return Math.round(Number(w ?? 0) * 604800 + Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0));
}

export interface Thumbnail {
  url: string;
  width?: number;
  height?: number;
}

const THUMBNAIL_ORDER = ['maxres', 'standard', 'high', 'medium', 'default'] as const;

/** maxres → standard → high → medium → default. */
export function bestThumbnail(thumbnails: Partial<Record<string, Thumbnail>> | undefined): string | null {
  for (const size of THUMBNAIL_ORDER) {
    const t = thumbnails?.[size];
    if (t?.url) return t.url;
  }
  return null;
}

export interface VideoDetails {
  videoId: string;
  title: string;
  duration: string;
  durationSeconds: number | null;
  thumbnail: string | null;
}

/** Empty details, as the seed gives for an invalid URL or a failed lookup. */
export const EMPTY_DETAILS = { title: '', description: '', duration: '', thumbnail: '' };

export async function fetchVideoDetails(videoId: string): Promise<VideoDetails> {
  const env = youtubeEnv();
  if (!env.apiKey) throw new Error('YouTube API not configured');
  const url = `${env.baseUrl}/youtube/v3/videos?part=snippet,contentDetails&id=${encodeURIComponent(videoId)}&key=${encodeURIComponent(env.apiKey)}`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (e) {
    throw new Error(`YouTube lookup failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const body = (await res.json().catch(() => null)) as {
    items?: Array<{ snippet?: { title?: string; thumbnails?: Record<string, Thumbnail> }; contentDetails?: { duration?: string } }>;
    error?: { message?: string };
  } | null;
  if (!res.ok) {
    const msg = `YouTube lookup failed (${res.status}): ${body?.error?.message ?? res.statusText}`;
    // A bad request or a refused key will not get better by retrying soon; still retried, but a 400 is permanent.
    if (res.status === 400) throw new PermanentError(msg);
    throw new Error(msg);
  }
  const item = body?.items?.[0];
  if (!item) throw new PermanentError('Video not found');
  const duration = item.contentDetails?.duration ?? '';
  return {
    videoId,
    title: item.snippet?.title ?? '',
    duration,
    durationSeconds: duration ? isoDurationToSeconds(duration) : null,
    thumbnail: bestThumbnail(item.snippet?.thumbnails),
  };
}
