import useSWR from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { containsPattern } from '@/lib/errors';

export const SEARCH_LIMIT = 5;

export const SearchHitSchema = z.object({
  kind: z.enum(['event', 'person', 'category']),
  id: z.union([z.number(), z.string()]),
  slug: z.string().nullish(),
  label: z.string(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

const Row = z.object({ id: z.union([z.number(), z.string()]), slug: z.string().nullish() });

/**
 * Events (English title), categories (English name) and people (name), matched with
 * ilike on the server; at most SEARCH_LIMIT of each.
 */
export async function searchContent(query: string): Promise<SearchHit[]> {
  const q = query.trim();
  if (!q) return [];
  const pattern = containsPattern(q);
  const db = supabase();
  const [events, categories, people] = await Promise.all([
    db.from('event_translations').select('title, event:events!inner(id, slug)').eq('language_code', 'en').ilike('title', pattern).limit(SEARCH_LIMIT),
    db.from('category_translations').select('name, category:categories!inner(id, slug)').eq('language_code', 'en').ilike('name', pattern).limit(SEARCH_LIMIT),
    db.from('people').select('id, slug, name').ilike('name', pattern).limit(SEARCH_LIMIT),
  ]);
  const firstError = events.error ?? categories.error ?? people.error;
  if (firstError) throw new Error(firstError.message || 'Search failed');
  const one = <T,>(v: T | T[]) => (Array.isArray(v) ? v[0] : v);
  return [
    ...(events.data ?? []).map((r) => {
      const e = Row.parse(one(r.event as unknown));
      return { kind: 'event' as const, id: e.id, slug: e.slug, label: String(r.title ?? '') };
    }),
    ...(people.data ?? []).map((r) => ({ kind: 'person' as const, id: r.id, slug: r.slug, label: String(r.name ?? '') })),
    ...(categories.data ?? []).map((r) => {
      const c = Row.parse(one(r.category as unknown));
      return { kind: 'category' as const, id: c.id, slug: c.slug, label: String(r.name ?? '') };
    }),
  ];
}

export function useContentSearch(query: string) {
  const q = query.trim();
  return useSWR(q.length >= 2 ? ['search', q] : null, () => searchContent(q), { keepPreviousData: true });
}
