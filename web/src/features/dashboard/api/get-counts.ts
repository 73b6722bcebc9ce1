import useSWR from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';

export const CountsSchema = z.object({
  events: z.number(),
  users: z.number(),
  people: z.number(),
  categories: z.number(),
  jobsWaiting: z.number(),
  jobsFailed: z.number(),
});
export type Counts = z.infer<typeof CountsSchema>;

export const countsKey = ['dashboard', 'counts'] as const;

/** Exact counts (HEAD requests with count=exact), never a count of a limited list. */
export async function getCounts(): Promise<Counts> {
  const db = supabase();
  const head = { count: 'exact', head: true } as const;
  const results = await Promise.all([
    db.from('events').select('id', head),
    db.from('users').select('id', head),
    db.from('people').select('id', head),
    db.from('categories').select('id', head),
    db.from('jobs').select('id', head).in('status', ['pending', 'running']),
    db.from('jobs').select('id', head).eq('status', 'failed'),
  ]);
  const failed = results.find((r) => r.error);
  if (failed?.error) throw new Error(failed.error.message || 'Failed to fetch counts');
  const [events, users, people, categories, jobsWaiting, jobsFailed] = results.map((r) => r.count ?? 0);
  return CountsSchema.parse({ events, users, people, categories, jobsWaiting, jobsFailed });
}

export function useCounts() {
  return useSWR(countsKey, getCounts, { refreshInterval: 30_000 });
}
