import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { deleteImage, uploadImage } from '@/lib/storage';
import { invalidateCategories } from './create-category';

export const UpdateCategorySchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string().trim().optional(),
  image: z.instanceof(File).nullable().optional(),
});
export type UpdateCategoryInput = z.infer<typeof UpdateCategorySchema>;

/**
 * Saves the English text (only if changed: the server re-translates only then) and,
 * when a new image is given, swaps the image and deletes the old file.
 */
export async function updateCategory(id: number, current: { image_url?: string | null; name?: string | null; description?: string | null }, input: UpdateCategoryInput): Promise<void> {
  const db = supabase();
  let newUrl: string | null = null;
  if (input.image) {
    newUrl = await uploadImage('categories', input.image);
    const { error } = await db.from('categories').update({ image_url: newUrl }).eq('id', id);
    if (error) {
      await deleteImage('categories', newUrl).catch(() => undefined);
      throw new Error(error.message || 'Failed to update category');
    }
  }
  const description = input.description || null;
  if (input.name !== (current.name ?? '') || description !== (current.description ?? null)) {
    const { error } = await db
      .from('category_translations')
      .upsert({ category_id: id, language_code: 'en', name: input.name, description }, { onConflict: 'category_id,language_code' });
    if (error) throw new Error(error.message || 'Failed to update category');
  }
  if (newUrl && current.image_url) await deleteImage('categories', current.image_url).catch(() => undefined);
  await invalidateCategories();
}
