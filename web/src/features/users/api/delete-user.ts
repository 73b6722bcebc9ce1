import { invokeAdminUsers } from './admin-users';
import { invalidateUsers } from './get-users';

/** Deletes the staff row and its auth account through the admin-users function. */
export async function deleteUser(id: number): Promise<void> {
  await invokeAdminUsers<{ deleted: number }>({ action: 'delete', id }, 'Failed to delete user');
  await invalidateUsers();
}
