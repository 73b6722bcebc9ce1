import useSWR from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { containsPattern } from '@/lib/errors';
import { one, rangeOf, safeSort, type ListParams, type Page } from '@/lib/list';
import { TranslationStateSchema, anyInProgress } from './translation-state';

/** Name sorts by slug, which the server derives from the English name. */
export const CATEGORY_SORT_COLUMNS = ['created_at', 'slug'] as const;

const EnSchema = z.object({ name: z.string().nullish(), description: z.string().nullish() });

export const CategoryRowSchema = z.object({
  id: z.number(),
  slug: z.string().nullish(),
  image_url: z.string().nullish(),
  created_at: z.string(),
  en: z.union([EnSchema, z.array(EnSchema)]).nullish().transform((v) => one(v)),
  translations: z.array(TranslationStateSchema).default([]),
});
export type CategoryRow = z.infer<typeof CategoryRowSchema>;

export const categoriesKey = (params: ListParams) => ['categories', 'list', params] as const;

export async function getCategories(params: ListParams): Promise<Page<CategoryRow>> {
  const sort = safeSort(params.sort, CATEGORY_SORT_COLUMNS);
  const [from, to] = rangeOf(params);
  let query = supabase()
    .from('categories')
    .select(
      'id, slug, image_url, created_at, en:category_translations!inner(name, description), translations:category_translations(language_code, status, human_edited, last_error, attempts)',
      { count: 'exact' },
    )
    .eq('en.language_code', 'en');
  if (params.search.trim()) query = query.ilike('en.name', containsPattern(params.search.trim()));
  const { data, error, count } = await query
    .order(sort.column, { ascending: sort.ascending })
    .order('id', { ascending: sort.ascending })
    .range(from, to);
  if (error) throw new Error(error.message || 'Failed to fetch categories');
  return { rows: z.array(CategoryRowSchema).parse(data ?? []), total: count ?? 0 };
}

/** Refreshes every 3 s while any row has a translation pending or stale (no reload needed). */
export function useCategories(params: ListParams) {
  return useSWR(categoriesKey(params), () => getCategories(params), {
    keepPreviousData: true,
    refreshInterval: (data) => (data?.rows.some((r) => anyInProgress(r.translations)) ? 3000 : 0),
  });
}
