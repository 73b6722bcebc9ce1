import { ComingSoon } from './placeholders';
export const UsersManageRoute = () => <ComingSoon title="Manage Users" />;
export const UsersAddRoute = () => <ComingSoon title="Add User" />;
export const UsersEditRoute = () => <ComingSoon title="Edit User" />;
export const UsersRolesRoute = () => <ComingSoon title="Roles" />;
