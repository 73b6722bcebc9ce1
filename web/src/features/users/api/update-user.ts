import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { deleteImage, uploadImage } from '@/lib/storage';
import { invalidateUsers, type StaffUser } from './get-users';
import { invokeAdminUsers } from './admin-users';

export const UpdateUserSchema = z.object({
  fullname: z.string().trim().min(1, 'Full name field is required'),
  phone_number: z.string().trim().optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/**
 * Full name, phone and avatar of a profile (an admin editing anyone, or anyone editing
 * their own row: RLS decides). A new avatar replaces the old file.
 */
export async function updateUser(user: Pick<StaffUser, 'id' | 'uuid' | 'profile_picture_url'>, input: UpdateUserInput, avatar: File | null): Promise<void> {
  let url: string | undefined;
  if (avatar) url = await uploadImage('users', avatar, user.uuid);
  const { data, error } = await supabase()
    .from('users')
    .update({ fullname: input.fullname, phone_number: input.phone_number || null, ...(url ? { profile_picture_url: url } : {}) })
    .eq('id', user.id)
    .select('id');
  if (error || !data?.length) {
    if (url) await deleteImage('users', url).catch(() => undefined);
    throw new Error(error?.message || 'Failed to update users');
  }
  if (url && user.profile_picture_url) await deleteImage('users', user.profile_picture_url).catch(() => undefined);
  await invalidateUsers();
}

/** Admins change another user's role (admin-users 'set-role'); the server refuses the last admin and one's own role. */
export async function setUserRole(id: number, role: 'admin' | 'staff'): Promise<void> {
  await invokeAdminUsers<{ user: StaffUser }>({ action: 'set-role', id, role }, 'Failed to update users');
  await invalidateUsers();
}
