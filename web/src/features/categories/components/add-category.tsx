import { paths } from '@/config/paths';
import { Breadcrumb } from '@/components/ui/states';
import { createCategory, CreateCategorySchema } from '../api/create-category';
import { CategoryForm, type CategoryFormValues } from './category-form';

export function validateNewCategory(values: CategoryFormValues) {
  const r = CreateCategorySchema.safeParse({ ...values, image: values.image ?? undefined });
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { field: issue.path[0] as keyof CategoryFormValues, message: issue.message };
}

export function AddCategory() {
  return (
    <section>
      <Breadcrumb items={[{ label: 'Home', href: paths.dashboard.getHref() }, { label: 'Category', href: paths.categoryManage.getHref() }, { label: 'Add' }]} />
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Add Category</h1>
      <CategoryForm
        submitLabel="Submit"
        resetOnSuccess
        validate={validateNewCategory}
        onSubmit={async (values) => {
          const input = CreateCategorySchema.parse({ ...values, image: values.image ?? undefined });
          await createCategory(input);
          return 'Category added. Its translations into the other 13 languages are being prepared.';
        }}
      />
    </section>
  );
}
