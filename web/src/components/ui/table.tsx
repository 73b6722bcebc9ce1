import type { ReactNode } from 'react';
import { Button } from './button';
import { PageSpinner } from './spinner';
import { EmptyState, ErrorState } from './states';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  /** Server-side sort key; when set, the header is a sort button. */
  sortKey?: string;
  className?: string;
  render(row: Row, index: number): ReactNode;
}

export interface SortState {
  column: string;
  ascending: boolean;
}

export interface TableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey(row: Row): string | number;
  isLoading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyHint?: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  page?: number;
  pageSize?: number;
  total?: number | null;
  onPageChange?: (page: number) => void;
}

/** A data table with server-side paging and sorting (the parent fetches the page). */
export function Table<Row>({
  caption, columns, rows, rowKey, isLoading, error, onRetry, emptyTitle, emptyHint,
  sort, onSortChange, page = 1, pageSize = 10, total, onPageChange,
}: TableProps<Row>) {
  if (error) return <ErrorState message={error} onRetry={onRetry} />;
  if (isLoading && !rows) return <PageSpinner />;
  if (!rows || rows.length === 0) return <EmptyState title={emptyTitle}>{emptyHint}</EmptyState>;

  const count = total ?? rows.length;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(count, first + rows.length - 1);

  return (
    <div className="relative overflow-x-auto rounded-lg shadow-md">
      <table className="w-full text-left text-sm text-gray-600 dark:text-gray-300" aria-busy={isLoading || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs uppercase text-gray-700 dark:bg-gray-700 dark:text-gray-300">
          <tr>
            {columns.map((c) => {
              const active = sort && c.sortKey && sort.column === c.sortKey;
              return (
                <th
                  key={c.key}
                  scope="col"
                  className={`px-4 py-3 ${c.className ?? ''}`}
                  aria-sort={active ? (sort!.ascending ? 'ascending' : 'descending') : undefined}
                >
                  {c.sortKey && onSortChange ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 uppercase hover:text-blue-700 dark:hover:text-white"
                      onClick={() =>
                        onSortChange({ column: c.sortKey!, ascending: active ? !sort!.ascending : true })
                      }
                    >
                      {c.header}
                      <span aria-hidden="true">{active ? (sort!.ascending ? '▲' : '▼') : '↕'}</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row)} className="border-b border-gray-200 bg-white hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-800 dark:hover:bg-gray-600">
              {columns.map((c) => (
                <td key={c.key} className={`px-4 py-3 ${c.className ?? ''}`}>
                  {c.render(row, first - 1 + i)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {onPageChange && (
        <nav className="flex flex-wrap items-center justify-between gap-2 p-4" aria-label="Table navigation">
          <span className="text-sm text-gray-500 dark:text-gray-400">
            Showing <span className="font-semibold text-gray-900 dark:text-white">{first}-{last}</span> of{' '}
            <span className="font-semibold text-gray-900 dark:text-white">{count}</span>
          </span>
          <div className="flex items-center gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
              Previous
            </Button>
            <span className="text-sm">
              Page {page} of {pages}
            </span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
              Next
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
