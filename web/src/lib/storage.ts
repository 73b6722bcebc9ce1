import { supabase } from '@/lib/supabase';
import { fileExtension } from '@/lib/format';
import { UserFacingError } from '@/lib/errors';

export type Bucket = 'users' | 'categories' | 'events' | 'people';

/** Uploads an image as `<random uuid>.<ext>` and returns its public URL. */
export async function uploadImage(bucket: Bucket, file: File | null | undefined, folder?: string): Promise<string> {
  if (!file) throw new UserFacingError('No file provided');
  const name = `${folder ? `${folder}/` : ''}${crypto.randomUUID()}.${fileExtension(file.name)}`;
  const { error } = await supabase()
    .storage.from(bucket)
    .upload(name, file, { contentType: file.type || undefined, cacheControl: '3600', upsert: false });
  if (error) throw new UserFacingError(error.message || 'Failed to upload image');
  return supabase().storage.from(bucket).getPublicUrl(name).data.publicUrl;
}

/** The object path inside the bucket of a public URL we produced, or null. */
export function objectPathFromUrl(bucket: Bucket, url: string | null | undefined): string | null {
  if (!url) return null;
  const marker = `/storage/v1/object/public/${bucket}/`;
  const i = url.indexOf(marker);
  return i === -1 ? null : decodeURIComponent(url.slice(i + marker.length).split('?')[0]);
}

/** Removes an image by its public URL; false when there is no URL (spec). */
export async function deleteImage(bucket: Bucket, url: string | null | undefined): Promise<boolean> {
  const path = objectPathFromUrl(bucket, url);
  if (!path) return false;
  const { error } = await supabase().storage.from(bucket).remove([path]);
  if (error) throw new UserFacingError('Failed to delete image');
  return true;
}
