// Object keys and where their bytes live on disk.
//
// Keys follow Storage's rules (src/storage/limits.ts: S3-safe characters only,
// which already excludes backslashes, control characters and non-ASCII), plus
// what its file backend refuses (secure-path.ts: `.`/`..` segments, absolute
// paths). Bytes are stored by a server-made version id, never by the key, so a
// key can never name a place on disk; the key checks only keep names sane.
import { mkdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { ERR } from './errors.ts';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
/** S3's key limit, in bytes. */
export const MAX_KEY_BYTES = 1024;

export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key) || Buffer.byteLength(key) > MAX_KEY_BYTES) throw ERR.invalidKey(key ?? '');
  if (key.startsWith('/')) throw ERR.invalidKey(key);
  if (key.split('/').some((s) => s === '.' || s === '..')) throw ERR.invalidKey(key);
}

export function mustBeValidBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !VALID_BUCKET_NAME.test(name)) {
    throw ERR.invalidBucketName();
  }
}

export interface DiskLayout {
  /** Finished objects: objects/<v0v1>/<version>. */
  objectPath(version: string): string;
  /** A fresh temp file for an upload in progress (same filesystem, so rename is atomic). */
  tempPath(id: string): string;
}

export function diskLayout(dataDir: string): DiskLayout {
  const root = resolve(dataDir, 'storage');
  const objects = join(root, 'objects');
  const tmp = join(root, 'tmp');
  mkdirSync(objects, { recursive: true });
  mkdirSync(tmp, { recursive: true });
  const inside = (base: string, p: string) => {
    // Versions are server-made UUIDs; this is a last guard, not the main one.
    if (!p.startsWith(base + sep)) throw ERR.internal('bad storage location');
    return p;
  };
  return {
    objectPath(version) {
      if (!/^[0-9a-f-]{36}$/.test(version)) throw ERR.internal('bad object version');
      return inside(objects, join(objects, version.slice(0, 2), version));
    },
    tempPath(id) {
      if (!/^[0-9a-f-]{36}$/.test(id)) throw ERR.internal('bad temp id');
      return inside(tmp, join(tmp, id));
    },
  };
}
