import { useState } from 'react';
import { PAGE_SIZE } from '@/config/constants';
import type { ListParams } from './list';

type Sort = ListParams['sort'];

/**
 * Page and sort state of a server-paged list, and the props that let a
 * <Table> drive it: a new sort starts again at page 1.
 */
export function usePagedList(initialSort: Sort = { column: 'created_at', ascending: false }) {
  const [params, setParams] = useState<Omit<ListParams, 'search'>>({ page: 1, pageSize: PAGE_SIZE, sort: initialSort });
  const paging = {
    sort: params.sort,
    onSortChange: (sort: Sort) => setParams((p) => ({ ...p, sort, page: 1 })),
    page: params.page,
    pageSize: params.pageSize,
    onPageChange: (page: number) => setParams((p) => ({ ...p, page })),
  };
  /** Back to page 1 (a new search). */
  const toFirstPage = () => setParams((p) => ({ ...p, page: 1 }));
  return { params, paging, toFirstPage };
}
