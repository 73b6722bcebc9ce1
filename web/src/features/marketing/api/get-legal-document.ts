import useSWR from 'swr';
import DOMPurify from 'dompurify';
import { env } from '@/config/env';

export type LegalKind = 'privacy' | 'terms';

export interface LegalDocument {
  html: string;
  /** Set when the configured document could not be loaded and the bundled copy is shown. */
  fallbackReason: string | null;
}

async function fetchHtml(url: string): Promise<string> {
  const res = await fetch(url, { headers: { accept: 'text/html' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

/** Only the document's body, sanitised (no scripts, handlers or frames). */
export function sanitizeLegalHtml(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return DOMPurify.sanitize(body, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'iframe'] });
}

/**
 * The privacy or terms document: from the configured URL (the product's website) when
 * set, else — or when that fails — the copy bundled under /legal/.
 */
export async function getLegalDocument(kind: LegalKind): Promise<LegalDocument> {
  const { privacyUrl, termsUrl } = env();
  const remote = kind === 'privacy' ? privacyUrl : termsUrl;
  let fallbackReason: string | null = null;
  if (remote) {
    try {
      return { html: sanitizeLegalHtml(await fetchHtml(remote)), fallbackReason: null };
    } catch (e) {
      console.error(e);
      fallbackReason = `The latest version could not be loaded from ${remote}. Showing the copy bundled with this site, which may be out of date.`;
    }
  }
  return { html: sanitizeLegalHtml(await fetchHtml(`/legal/${kind}.html`)), fallbackReason };
}

export function useLegalDocument(kind: LegalKind) {
  return useSWR(['legal', kind], () => getLegalDocument(kind), { revalidateOnFocus: false });
}
