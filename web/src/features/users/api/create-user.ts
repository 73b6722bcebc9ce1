import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { uploadImage } from '@/lib/storage';
import { invokeAdminUsers } from './admin-users';
import { invalidateUsers, type StaffUser } from './get-users';

/** Checked in the specification's order: full name, username, email, password. */
export const CreateUserSchema = z.object({
  fullname: z.string().trim().min(1, 'Full name field is required'),
  username: z.string().trim().min(1, 'Username field is required'),
  email: z.string().trim().min(1, 'Email field is required').pipe(z.email('Please enter a valid email address')),
  password: z.string().min(1, 'Password field is required').min(6, 'Password must be at least 6 characters'),
  phone_number: z.string().trim().optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

function exact(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** 'Email already in use' / 'Username already taken' before calling the server (which checks again). */
export async function duplicateProblem(input: Pick<CreateUserInput, 'email' | 'username'>): Promise<{ field: 'email' | 'username'; message: string } | null> {
  const db = supabase();
  const [byEmail, byUsername] = await Promise.all([
    db.from('users').select('id', { count: 'exact', head: true }).ilike('email', exact(input.email)),
    db.from('users').select('id', { count: 'exact', head: true }).ilike('username', exact(input.username)),
  ]);
  if ((byEmail.count ?? 0) > 0) return { field: 'email', message: 'Email already in use' };
  if ((byUsername.count ?? 0) > 0) return { field: 'username', message: 'Username already taken' };
  return null;
}

/** Creates the auth account and staff row (admin-users function), then the avatar. */
export async function createUser(input: CreateUserInput, avatar: File | null): Promise<StaffUser> {
  const { user } = await invokeAdminUsers<{ user: StaffUser }>(
    { action: 'create', email: input.email, password: input.password, fullname: input.fullname, username: input.username, phone_number: input.phone_number || null },
    'Failed to add user',
  );
  if (avatar && user) {
    const url = await uploadImage('users', avatar, user.uuid);
    const { error } = await supabase().from('users').update({ profile_picture_url: url }).eq('id', user.id);
    if (error) throw new Error('The user was added, but the avatar could not be saved.');
    user.profile_picture_url = url;
  }
  await invalidateUsers();
  return user;
}
