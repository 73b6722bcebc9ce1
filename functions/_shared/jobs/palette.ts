// palette: the six swatches of a new or replaced feature image, written to
// the entity's colors column (only while it still shows that image).
import { PermanentError } from '../errors.ts';
import { MAX_IMAGE_BYTES, paletteOfImage, type PaletteJson } from '../palette.ts';
import { platformEnv } from '../env.ts';
import { check, type Db, type EntityTable } from './types.ts';

const STORAGE_PUBLIC = '/storage/v1/object/public/';

/** bucket and path of an object of this project's storage, from its public URL. */
export function storageObject(url: string): { bucket: string; path: string } | null {
  try {
    const u = new URL(url);
    const base = new URL(platformEnv().url);
    if (u.host !== base.host || !u.pathname.startsWith(STORAGE_PUBLIC)) return null;
    const rest = decodeURIComponent(u.pathname.slice(STORAGE_PUBLIC.length));
    const slash = rest.indexOf('/');
    if (slash <= 0) return null;
    return { bucket: rest.slice(0, slash), path: rest.slice(slash + 1) };
  } catch {
    return null;
  }
}

export async function loadImage(db: Db, url: string): Promise<Uint8Array> {
  const own = storageObject(url);
  if (own) {
    const { data, error } = await db.storage.from(own.bucket).download(own.path);
    if (error || !data) throw new PermanentError(`Image not found in storage: ${own.bucket}/${own.path}`);
    return new Uint8Array(await data.arrayBuffer());
  }
  let res: Response;
  try {
    res = await fetch(url);
  } catch (e) {
    throw new Error(`Image download failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (res.status === 404 || res.status === 410) throw new PermanentError(`Image not found (${res.status})`);
  if (!res.ok) throw new Error(`Image download failed (${res.status})`);
  const length = Number(res.headers.get('content-length') ?? 0);
  if (length > MAX_IMAGE_BYTES) throw new PermanentError('Image must be less than 5MB');
  return new Uint8Array(await res.arrayBuffer());
}

export async function processPalette(db: Db, entity: EntityTable, id: number, imageUrl?: string): Promise<PaletteJson | null> {
  if (entity === 'categories') return null;
  const col = entity === 'resources' ? 'url' : 'image_url';
  const row = check(await db.from(entity).select(`id, ${col}`).eq('id', id).maybeSingle(), `read ${entity}`) as Record<string, unknown> | null;
  if (!row) return null;
  const url = (imageUrl ?? row[col]) as string | null;
  if (!url || row[col] !== url) return null; // the image was replaced since: its own job follows
  const palette = await paletteOfImage(await loadImage(db, url));
  check(await db.from(entity).update({ colors: palette }).eq('id', id).eq(col, url), `write ${entity} colors`);
  return palette;
}
