import useSWR, { mutate } from 'swr';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { containsPattern, quoteFilterValue } from '@/lib/errors';
import { rangeOf, safeSort, type ListParams, type Page } from '@/lib/list';

export const UserSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  email: z.string(),
  username: z.string().nullish(),
  fullname: z.string().nullish(),
  phone_number: z.string().nullish(),
  role: z.enum(['admin', 'staff']),
  profile_picture_url: z.string().nullish(),
  created_at: z.string(),
});
export type StaffUser = z.infer<typeof UserSchema>;

export const USER_SORT_COLUMNS = ['created_at', 'fullname', 'email', 'role'] as const;
const COLUMNS = 'id, uuid, email, username, fullname, phone_number, role, profile_picture_url, created_at';

export const usersKey = (params: ListParams) => ['users', 'list', params] as const;
export const invalidateUsers = () => mutate((key) => Array.isArray(key) && (key[0] === 'users' || key[0] === 'dashboard'));

/** A page of the staff directory, newest first by default; search by name, e-mail or username. */
export async function getUsers(params: ListParams): Promise<Page<StaffUser>> {
  const sort = safeSort(params.sort, USER_SORT_COLUMNS);
  const [from, to] = rangeOf(params);
  let query = supabase().from('users').select(COLUMNS, { count: 'exact' });
  const q = params.search.trim();
  if (q) {
    const p = quoteFilterValue(containsPattern(q));
    query = query.or(`fullname.ilike.${p},email.ilike.${p},username.ilike.${p}`);
  }
  const { data, error, count } = await query.order(sort.column, { ascending: sort.ascending }).order('id', { ascending: sort.ascending }).range(from, to);
  if (error) throw new Error('Failed to fetch users');
  return { rows: z.array(UserSchema).parse(data ?? []), total: count ?? 0 };
}

export function useUsers(params: ListParams) {
  return useSWR(usersKey(params), () => getUsers(params), { keepPreviousData: true });
}

export const userKey = (id: number) => ['users', 'one', id] as const;

export async function getUser(id: number): Promise<StaffUser | null> {
  const { data, error } = await supabase().from('users').select(COLUMNS).eq('id', id).maybeSingle();
  if (error) throw new Error('Failed to fetch user');
  return data ? UserSchema.parse(data) : null;
}

export function useUser(id: number | null) {
  return useSWR(id === null ? null : userKey(id), () => getUser(id!));
}
