import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { Breadcrumb, ErrorState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useCategory } from '../api/get-category';
import { UpdateCategorySchema, updateCategory } from '../api/update-category';
import { CategoryForm, type CategoryFormValues } from './category-form';
import { TranslationPanel } from './translation-panel';

export function validateCategoryEdit(values: CategoryFormValues) {
  const r = UpdateCategorySchema.safeParse(values);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { field: issue.path[0] as keyof CategoryFormValues, message: issue.message };
}

export function EditCategory({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const { data, error, isLoading, mutate } = useCategory(Number.isFinite(id) ? id : null);
  const notFound = !Number.isFinite(id) || (!isLoading && !error && data === null);

  useEffect(() => {
    if (!notFound) return;
    const t = setTimeout(() => navigate(paths.categoryManage.getHref(), { replace: true }), 1500);
    return () => clearTimeout(t);
  }, [notFound, navigate]);

  const en = data?.category_translations.find((t) => t.language_code === 'en');
  return (
    <section>
      <Breadcrumb items={[{ label: 'Home', href: paths.dashboard.getHref() }, { label: 'Category', href: paths.categoryManage.getHref() }, { label: 'Edit' }]} />
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Edit Category</h1>
      {notFound ? (
        <ErrorState message="Category not found" />
      ) : error ? (
        <ErrorState message="Failed to fetch category" onRetry={() => mutate()} />
      ) : !data ? (
        <PageSpinner />
      ) : (
        <>
          <CategoryForm
            key={data.id}
            initial={{ name: en?.name ?? '', description: en?.description ?? '' }}
            currentImageUrl={data.image_url}
            submitLabel="Update"
            validate={validateCategoryEdit}
            onSubmit={async (values) => {
              await updateCategory(data.id, { image_url: data.image_url, name: en?.name, description: en?.description }, UpdateCategorySchema.parse(values));
              navigate(paths.categoryManage.getHref());
            }}
          />
          <TranslationPanel categoryId={data.id} rows={data.category_translations} onChanged={() => mutate()} />
        </>
      )}
    </section>
  );
}
