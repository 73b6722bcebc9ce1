// The story step of an event (job kind 'summary', and the functions-story
// function): sanitise the English story HTML, move embedded base64 images
// into the events bucket, write the 100-character AI summary as the English
// description. Translation follows (the database queues it when this job is done).
import { generateText } from '../ai.ts';
import { PermanentError } from '../errors.ts';
import { htmlToText, sanitizeHtml } from '../sanitize.ts';
import { check, type Db } from './types.ts';

export const SUMMARY_PROMPT = 'summarize this content into 100 characters';
export const SUMMARY_MAX = 100;

const DATA_IMG = /(<img\b[^>]*?\ssrc=")(data:image\/(png|jpe?g|gif|webp);base64,([^"]+))(")/gi;

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/\s+/g, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Uploads each embedded image (named by its content hash, so a rerun writes the same object) and rewrites its src. */
export async function moveInlineImages(db: Db, eventId: number, html: string): Promise<{ html: string; moved: string[] }> {
  const matches = [...html.matchAll(DATA_IMG)];
  const moved: string[] = [];
  let out = html;
  for (const m of matches) {
    const ext = m[3].toLowerCase() === 'jpg' ? 'jpeg' : m[3].toLowerCase();
    const bytes = base64ToBytes(m[4]);
    if (bytes.byteLength > 5 * 1024 * 1024) throw new PermanentError('Image must be less than 5MB');
    const path = `stories/${eventId}/${(await sha256Hex(bytes)).slice(0, 32)}.${ext === 'jpeg' ? 'jpg' : ext}`;
    const up = await db.storage.from('events').upload(path, bytes, { contentType: `image/${ext}`, upsert: true });
    if (up.error) throw new Error(`Failed to upload image: ${up.error.message}`);
    const url = db.storage.from('events').getPublicUrl(path).data.publicUrl;
    out = out.replace(m[2], url);
    moved.push(url);
  }
  return { html: out, moved };
}

/** A summary of at most 100 characters (cut at a word when the model said more). */
export function clampSummary(text: string, max = SUMMARY_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim().replace(/^["']|["']$/g, '');
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

export interface StoryResult {
  sanitized: boolean;
  imagesMoved: number;
  summary: string | null;
  summarized: boolean;
}

/**
 * Idempotent: a story already clean, with its summary made from the same
 * content (summary_source_hash), costs no model call.
 * withSummary=false does only the sanitising and image step (no AI needed).
 */
export async function processStory(db: Db, eventId: number, withSummary = true): Promise<StoryResult> {
  const en = check(
    await db
      .from('event_translations')
      .select('content, description, summary_source_hash, source_hash, content_sanitized')
      .eq('event_id', eventId)
      .eq('language_code', 'en')
      .maybeSingle(),
    'read story',
  ) as { content: string | null; description: string | null; summary_source_hash: string | null; source_hash: string | null; content_sanitized: boolean } | null;
  if (!en) throw new PermanentError('Event not found');
  const original = en.content ?? '';
  const clean = sanitizeHtml(original);
  const { html, moved } = await moveInlineImages(db, eventId, clean);
  const hash = await sha256Hex(html);
  const result: StoryResult = { sanitized: html !== original, imagesMoved: moved.length, summary: en.description, summarized: false };
  if (html !== original || !en.content_sanitized) {
    // Written at once, so unsafe HTML is never stored longer than it must be.
    // content_sanitized = true lifts the quarantine of a staff edit (the row is
    // readable by anon again). Only the version read here is released: a newer
    // staff edit (another source_hash) stays quarantined for its own job.
    let write = db.from('event_translations').update({ content: html, content_sanitized: true }).eq('event_id', eventId).eq('language_code', 'en');
    if (en.source_hash !== null) write = write.eq('source_hash', en.source_hash);
    const written = check(await write.select('event_id'), 'write story') as unknown[] | null;
    if (!written?.length) return { ...result, summarized: false }; // superseded: the newer edit's job does the rest
  }
  if (!withSummary) return result;
  if (en.summary_source_hash === hash && en.description) return result;
  const summary = clampSummary(await generateText(`${SUMMARY_PROMPT}\n\n${htmlToText(html)}`));
  if (!summary) throw new Error('Empty summary from Gemini');
  check(
    await db.from('event_translations').update({ description: summary, summary_source_hash: hash }).eq('event_id', eventId).eq('language_code', 'en'),
    'write summary',
  );
  return { ...result, summary, summarized: true };
}
