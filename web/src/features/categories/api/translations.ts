import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { invalidateCategories } from './create-category';

export const EditTranslationSchema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  description: z.string().trim().optional(),
});
export type EditTranslationInput = z.infer<typeof EditTranslationSchema>;

/** A person's text for one language; the server marks it human-edited (locked). */
export async function saveCategoryTranslation(categoryId: number, language: string, input: EditTranslationInput): Promise<void> {
  const { error } = await supabase()
    .from('category_translations')
    .update({ name: input.name, description: input.description || null })
    .eq('category_id', categoryId)
    .eq('language_code', language);
  if (error) throw new Error(error.message || 'Failed to add category Translation');
  await invalidateCategories();
}

/** Gives a locked language back to the machine (it is re-translated if out of date). */
export async function unlockCategoryTranslation(categoryId: number, language: string): Promise<void> {
  const { error } = await supabase()
    .from('category_translations')
    .update({ human_edited: false })
    .eq('category_id', categoryId)
    .eq('language_code', language);
  if (error) throw new Error(error.message || 'Failed to unlock the translation');
  await invalidateCategories();
}

/** Re-queues one language (public.retry on the server). */
export async function retryCategoryTranslation(categoryId: number, language: string): Promise<void> {
  const { error } = await supabase().rpc('retry', { entity: 'categories', entity_id: categoryId, language_code: language });
  if (error) throw new Error(error.message || 'Retry failed');
  await invalidateCategories();
}
