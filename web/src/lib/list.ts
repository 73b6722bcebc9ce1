import { z } from 'zod';
import { PAGE_SIZE } from '@/config/constants';

/** Paging, sorting and search of a server-side list. */
export const ListParamsSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(PAGE_SIZE),
  sort: z.object({ column: z.string(), ascending: z.boolean() }).default({ column: 'created_at', ascending: false }),
  search: z.string().default(''),
});
export type ListParams = z.infer<typeof ListParamsSchema>;

export interface Page<T> {
  rows: T[];
  total: number;
}

export function rangeOf(p: Pick<ListParams, 'page' | 'pageSize'>): [number, number] {
  const from = (p.page - 1) * p.pageSize;
  return [from, from + p.pageSize - 1];
}

/** One of the allowed sort columns, else the default (newest first). */
export function safeSort(sort: ListParams['sort'], allowed: readonly string[]): ListParams['sort'] {
  return allowed.includes(sort.column) ? sort : { column: 'created_at', ascending: false };
}

/** Supabase's embed may come back as an object or a one-element array. */
export function one<T>(v: T | T[] | null | undefined): T | null {
  if (Array.isArray(v)) return v[0] ?? null;
  return v ?? null;
}
