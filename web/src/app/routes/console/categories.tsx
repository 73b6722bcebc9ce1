import { useParams } from 'wouter';
import { AddCategory } from '@/features/categories/components/add-category';
import { EditCategory } from '@/features/categories/components/edit-category';
import { ManageCategories } from '@/features/categories/components/manage-categories';

export const CategoryAddRoute = () => <AddCategory />;
export const CategoryManageRoute = () => <ManageCategories />;
export function CategoryEditRoute() {
  const { id } = useParams<{ id: string }>();
  return <EditCategory id={Number(id)} />;
}
