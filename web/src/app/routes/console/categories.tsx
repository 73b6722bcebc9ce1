import { ComingSoon } from './placeholders';
export const CategoryAddRoute = () => <ComingSoon title="Add Category" />;
export const CategoryManageRoute = () => <ComingSoon title="Manage Categories" />;
export const CategoryEditRoute = () => <ComingSoon title="Edit Category" />;
