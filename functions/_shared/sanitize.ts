// An allow-list HTML sanitiser over a real parser (htmlparser2): the rich-text
// editor's tags, links with http, https, mailto or tel only, images with
// http(s) or base64 image data. Everything else is dropped; the text of
// script, style and similar elements is dropped with them.
import { Parser } from 'htmlparser2';

const ALLOWED_TAGS = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'a', 'ol', 'ul', 'li', 'h1', 'h2', 'h3',
  'blockquote', 'pre', 'code', 'span', 'img', 'sub', 'sup',
]);
const VOID_TAGS = new Set(['br', 'img']);
/** Elements removed together with everything inside them. */
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'select', 'svg', 'math', 'title', 'head']);
const ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
};
const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function protocolOf(url: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const m = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return m ? `${m[1]}:` : null;
}

export function safeLink(href: string): boolean {
  const p = protocolOf(href);
  return p !== null && LINK_PROTOCOLS.includes(p);
}

export function safeImageSource(src: string): boolean {
  const p = protocolOf(src);
  if (p === 'http:' || p === 'https:') return true;
  return p === 'data:' && DATA_IMAGE.test(src.trim());
}

function cleanAttrs(tag: string, attrs: Record<string, string>): string | null {
  const out: string[] = [];
  const allowed = ATTRS[tag];
  for (const [rawName, value] of Object.entries(attrs)) {
    const name = rawName.toLowerCase();
    if (name === 'class') {
      const classes = value.split(/\s+/).filter((c) => /^ql-[a-z0-9-]+$/.test(c));
      if (classes.length) out.push(`class="${escapeAttr(classes.join(' '))}"`);
      continue;
    }
    if (!allowed?.has(name)) continue;
    if (tag === 'a' && name === 'href') {
      if (!safeLink(value)) continue;
    } else if (tag === 'a' && name === 'target') {
      if (value !== '_blank') continue;
    } else if (tag === 'a' && name === 'rel') {
      continue; // set below
    } else if (tag === 'img' && name === 'src') {
      if (!safeImageSource(value)) return null; // an image without a safe source is dropped
      out.push(`src="${escapeAttr(value.trim())}"`);
      continue;
    } else if (name === 'width' || name === 'height') {
      if (!/^\d{1,5}$/.test(value)) continue;
    }
    out.push(`${name}="${escapeAttr(value)}"`);
  }
  if (tag === 'a' && attrs.target === '_blank') out.push('rel="noopener noreferrer"');
  if (tag === 'img' && !out.some((a) => a.startsWith('src='))) return null;
  return out.length ? ` ${out.join(' ')}` : '';
}

export function sanitizeHtml(html: string): string {
  let out = '';
  let dropDepth = 0;
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (dropDepth > 0 || DROP_WITH_CONTENT.has(name)) {
          if (!VOID_TAGS.has(name)) dropDepth++;
          return;
        }
        if (!ALLOWED_TAGS.has(name)) return;
        const a = cleanAttrs(name, attrs);
        if (a === null) return;
        out += `<${name}${a}>`;
        if (!VOID_TAGS.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropDepth === 0) out += escapeText(text);
      },
      onclosetag(name, isImplied) {
        if (dropDepth > 0) {
          if (!VOID_TAGS.has(name)) dropDepth--;
          return;
        }
        if (VOID_TAGS.has(name) || !ALLOWED_TAGS.has(name)) return;
        const i = open.lastIndexOf(name);
        if (i === -1) return;
        // close anything left open inside it first, so the output is well nested
        while (open.length > i) out += `</${open.pop()}>`;
        void isImplied;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** Plain text of (sanitised) HTML, for prompts. */
export function htmlToText(html: string): string {
  let text = '';
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (DROP_WITH_CONTENT.has(name)) skip++;
        if (/^(p|br|li|h[1-6]|blockquote|pre)$/.test(name)) text += '\n';
      },
      ontext(t) {
        if (!skip) text += t;
      },
      onclosetag(name) {
        if (DROP_WITH_CONTENT.has(name)) skip = Math.max(0, skip - 1);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text.replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim();
}
