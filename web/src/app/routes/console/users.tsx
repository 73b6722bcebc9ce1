import { useParams } from 'wouter';
import { ManageUsers } from '@/features/users/components/manage-users';
import { AddUser } from '@/features/users/components/add-user';
import { EditUser } from '@/features/users/components/edit-user';
import { Roles } from '@/features/users/components/roles';

export const UsersManageRoute = () => <ManageUsers />;
export const UsersAddRoute = () => <AddUser />;
export const UsersRolesRoute = () => <Roles />;
export function UsersEditRoute() {
  const { id } = useParams<{ id: string }>();
  return <EditUser id={Number(id)} />;
}
