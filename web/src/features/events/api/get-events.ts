import useSWR from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { containsPattern } from '@/lib/errors';
import { one, rangeOf, safeSort, type ListParams, type Page } from '@/lib/list';

export const EVENT_SORT_COLUMNS = ['created_at', 'start_date', 'slug'] as const;

const AuthorSchema = z.object({ id: z.union([z.number(), z.string()]), fullname: z.string().nullish(), username: z.string().nullish(), email: z.string().nullish() });

export const EventRowSchema = z.object({
  id: z.number(),
  slug: z.string().nullish(),
  image_url: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  created_at: z.string(),
  author: z.union([AuthorSchema, z.array(AuthorSchema)]).nullish().transform((a) => one(a)),
  en: z.union([z.object({ title: z.string().nullish() }), z.array(z.object({ title: z.string().nullish() }))]).nullish().transform((t) => one(t)),
});
export type EventRow = z.infer<typeof EventRowSchema>;

export const eventsKey = (params: ListParams) => ['events', 'list', params] as const;

/** One page of events with author and English title; exact total for paging. */
export async function getEvents(params: ListParams): Promise<Page<EventRow>> {
  const sort = safeSort(params.sort, EVENT_SORT_COLUMNS);
  const [from, to] = rangeOf(params);
  let query = supabase()
    .from('events')
    .select('id, slug, image_url, start_date, end_date, created_at, author:users(id, fullname, username, email), en:event_translations!inner(title)', { count: 'exact' })
    .eq('en.language_code', 'en');
  if (params.search.trim()) query = query.ilike('en.title', containsPattern(params.search.trim()));
  const { data, error, count } = await query
    .order(sort.column, { ascending: sort.ascending })
    .order('id', { ascending: sort.ascending })
    .range(from, to);
  if (error) throw new Error(error.message || 'Failed to fetch events');
  return { rows: z.array(EventRowSchema).parse(data ?? []), total: count ?? 0 };
}

export function useEvents(params: ListParams) {
  return useSWR(eventsKey(params), () => getEvents(params), { keepPreviousData: true });
}
