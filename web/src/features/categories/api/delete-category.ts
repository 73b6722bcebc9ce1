import { supabase } from '@/lib/supabase';
import { deleteImage } from '@/lib/storage';
import { invalidateCategories } from './create-category';

/** Deletes the category (translations cascade) and then its image. */
export async function deleteCategory(id: number, imageUrl: string | null | undefined): Promise<void> {
  const { error } = await supabase().from('categories').delete().eq('id', id);
  if (error) throw new Error(error.message || 'Failed to delete category');
  await deleteImage('categories', imageUrl).catch(() => undefined);
  await invalidateCategories();
}
