import { mutate } from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { deleteImage, uploadImage } from '@/lib/storage';

/** Checked in this order; the messages are the specification's. */
export const CreateCategorySchema = z.object({
  name: z.string().trim().min(1, 'Name field in all required fields'),
  description: z.string().trim().optional(),
  image: z.instanceof(File, { message: 'Category Image is needed' }),
});
export type CreateCategoryInput = z.infer<typeof CreateCategorySchema>;

export const invalidateCategories = () => mutate((key) => Array.isArray(key) && (key[0] === 'categories' || key[0] === 'dashboard' || key[0] === 'search'));

/**
 * Uploads the image, inserts the category, then its English translation. The server
 * derives the slug and queues the 13 other languages. A failure removes what was made.
 */
export async function createCategory(input: CreateCategoryInput): Promise<{ id: number }> {
  const imageUrl = await uploadImage('categories', input.image);
  const db = supabase();
  const { data, error } = await db.from('categories').insert({ image_url: imageUrl }).select('id').single();
  if (error || !data) {
    await deleteImage('categories', imageUrl).catch(() => undefined);
    throw new Error(error?.message || 'Failed to add category');
  }
  const { error: trError } = await db
    .from('category_translations')
    .insert({ category_id: data.id, language_code: 'en', name: input.name, description: input.description || null });
  if (trError) {
    await db.from('categories').delete().eq('id', data.id);
    await deleteImage('categories', imageUrl).catch(() => undefined);
    throw new Error(trError.message || 'Failed to add category Translation');
  }
  await invalidateCategories();
  return { id: data.id };
}
