// Where GoTrue may send the browser after /verify and /authorize: the site
// URL's host or an entry of the allow list (globs like GoTrue's: `*` within
// one label or path segment, `**` across them); anything else falls back.
import type { StackConfig } from '../config.ts';

function globToRegExp(glob: string): RegExp {
  const re = glob
    .split('**')
    .map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^./]*'))
    .join('.*');
  return new RegExp(`^${re}$`);
}

export function isAllowedRedirect(config: StackConfig, target: string): boolean {
  let url: URL;
  let site: URL;
  try {
    url = new URL(target);
    site = new URL(config.siteUrl);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !config.redirectAllowList.length) return false;
  if (url.hostname === site.hostname && url.protocol === site.protocol) return true;
  return config.redirectAllowList.some((entry) => (entry.includes('*') ? globToRegExp(entry).test(target) : target === entry || target.startsWith(entry.endsWith('/') ? entry : entry + '/')));
}

/** The requested target when allowed; otherwise the fallback (the site URL or a page on it). */
export function safeRedirect(config: StackConfig, requested: string | undefined, fallback: string): string {
  if (requested && isAllowedRedirect(config, requested)) return requested;
  return requested ? config.siteUrl : fallback;
}
