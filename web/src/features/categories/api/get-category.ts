import useSWR from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { TranslationStateSchema, anyInProgress } from './translation-state';

export const CategoryTranslationSchema = TranslationStateSchema.extend({
  id: z.number(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  translated_at: z.string().nullish(),
});
export type CategoryTranslation = z.infer<typeof CategoryTranslationSchema>;

export const CategorySchema = z.object({
  id: z.number(),
  slug: z.string().nullish(),
  image_url: z.string().nullish(),
  created_at: z.string(),
  category_translations: z.array(CategoryTranslationSchema).default([]),
});
export type Category = z.infer<typeof CategorySchema>;

export const categoryKey = (id: number) => ['categories', 'one', id] as const;

/** One category with all its translation rows; null when not found. */
export async function getCategory(id: number): Promise<Category | null> {
  const { data, error } = await supabase()
    .from('categories')
    .select('id, slug, image_url, created_at, category_translations(id, language_code, name, description, status, human_edited, last_error, attempts, translated_at)')
    .eq('id', id)
    .maybeSingle();
  if (error) throw new Error('Failed to fetch category');
  return data ? CategorySchema.parse(data) : null;
}

export function useCategory(id: number | null) {
  return useSWR(id === null ? null : categoryKey(id), () => getCategory(id!), {
    refreshInterval: (data) => (data && anyInProgress(data.category_translations) ? 3000 : 0),
  });
}
