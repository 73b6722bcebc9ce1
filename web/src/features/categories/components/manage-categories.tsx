import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { useDebounced } from '@/lib/use-debounced';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Table, type Column } from '@/components/ui/table';
import { useCategories, type CategoryRow } from '../api/get-categories';
import { deleteCategory } from '../api/delete-category';
import { retryCategoryTranslation } from '../api/translations';
import { TranslationBadges } from './translation-badges';


export function ManageCategories() {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const { params, paging, toFirstPage } = usePagedList();
  const { data, error, isLoading, mutate } = useCategories({ ...params, search });
  const [selected, setSelected] = useState<CategoryRow | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const columns: Column<CategoryRow>[] = [
    {
      key: 'check',
      header: <span className="sr-only">Select</span>,
      render: (row) => (
        <input type="checkbox" aria-label={`Select ${row.en?.name ?? 'category'}`} checked={checked.has(row.id)} onChange={(e) => setChecked((s) => {
          const n = new Set(s);
          if (e.target.checked) n.add(row.id);
          else n.delete(row.id);
          return n;
        })} />
      ),
    },
    { key: 'id', header: 'ID', render: (_r, i) => i + 1 },
    {
      key: 'name', header: 'Name', sortKey: 'slug',
      render: (row) => (
        <div className="flex items-center gap-3">
          {row.image_url && <img src={row.image_url} alt="" className="h-8 w-8 rounded object-cover" />}
          <span className="font-medium text-gray-900 dark:text-white">{row.en?.name ?? ''}</span>
        </div>
      ),
    },
    { key: 'translations', header: 'Translations', render: (row) => <TranslationBadges rows={row.translations} /> },
    { key: 'date', header: 'Date', sortKey: 'created_at', render: (row) => formatDate(row.created_at) },
    {
      key: 'actions', header: 'Actions',
      render: (row) => {
        const failed = row.translations.filter((t) => t.status === 'failed' && !t.human_edited);
        return (
          <div className="flex flex-wrap gap-3">
            <Link href={paths.categoryEdit.getHref(row.id, row.slug)} className="font-medium text-blue-600 hover:underline dark:text-blue-500">Update</Link>
            {failed.length > 0 && (
              <button type="button" className="font-medium text-orange-600 hover:underline" onClick={async () => {
                setActionError(null);
                try {
                  await Promise.all(failed.map((t) => retryCategoryTranslation(row.id, t.language_code)));
                } catch (err) {
                  setActionError(err instanceof Error ? err.message : 'Retry failed');
                }
              }}>
                Retry failed ({failed.length})
              </button>
            )}
            <button type="button" className="font-medium text-red-600 hover:underline dark:text-red-500" onClick={() => setSelected(row)}>
              Delete item<span className="sr-only"> {row.en?.name}</span>
            </button>
          </div>
        );
      },
    },
  ];

  return (
    <section>
      <title>Manage Categories</title>
      <p className="mb-1 text-sm text-gray-500 dark:text-gray-400">Manage Categories</p>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900 dark:text-white">All Categories</h1>
        <Link href={paths.categoryAdd.getHref()} className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">Add Category</Link>
      </div>
      <div className="mb-4 max-w-sm">
        <label htmlFor="category-search" className="sr-only">Search for categories</label>
        <input id="category-search" type="search" placeholder="Search for categories" value={text}
          onChange={(e) => {
            setText(e.target.value);
            toFirstPage();
          }}
          className="block w-full rounded-lg border border-gray-300 bg-gray-50 p-2 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-700 dark:text-white" />
      </div>
      {actionError && <p role="alert" className="mb-3 text-sm text-red-600">{actionError}</p>}
      <Table
        caption="Categories"
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        error={error ? 'Failed to fetch categories' : null}
        onRetry={() => mutate()}
        emptyTitle={search ? `No categories match “${search}”.` : 'No categories yet.'}
        emptyHint={<Link href={paths.categoryAdd.getHref()} className="text-blue-700 underline">Add Category</Link>}
        {...paging}
        total={data?.total}
      />
      <ConfirmDialog
        open={selected !== null}
        title="Confirm Delete"
        busy={busy}
        error={actionError && selected ? actionError : null}
        onCancel={() => { setSelected(null); setActionError(null); }}
        onConfirm={async () => {
          if (!selected) return;
          setBusy(true);
          try {
            await deleteCategory(selected.id, selected.image_url);
            setSelected(null);
            setActionError(null);
          } catch {
            setActionError('Failed to delete category');
          } finally {
            setBusy(false);
          }
        }}
      >
        Are you sure you want to delete this category? This action cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
