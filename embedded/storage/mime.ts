// A bucket's allowed_mime_types check, as Storage's validateMimeType does it:
// exact `type/subtype` or a `type/*` wildcard; a value without a slash never passes.
import { ERR } from './errors.ts';

export function mustBeAllowedMimeType(mimeType: string, allowed: string[] | null | undefined): void {
  if (!allowed || allowed.length === 0) return;
  // Compared as sent, parameters included, as upstream does: 'text/plain;charset=UTF-8'
  // does not match 'text/plain' there either.
  const [type, subtype] = mimeType.split('/');
  if (subtype === undefined) throw ERR.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [aType, aSub] = entry.split('/');
    if (aType === type && (aSub === '*' || aSub === subtype)) return;
  }
  throw ERR.invalidMimeType(mimeType);
}
