import { useCallback, useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDate, formatEventDate } from '@/lib/format';
import { usePagedList } from '@/lib/use-paged-list';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Table, type Column } from '@/components/ui/table';
import { useEvents, type EventRow } from '../api/get-events';
import { deleteEvent } from '../api/delete-event';

/** The events table of the specification, paged and sorted on the server. */
export function EventsTable({ search = '' }: { search?: string }) {
  const { params, paging, toFirstPage } = usePagedList();
  const [lastSearch, setLastSearch] = useState(search);
  if (lastSearch !== search) {
    setLastSearch(search);
    toFirstPage();
  }
  const effective = { ...params, search };
  const { data, error, isLoading, mutate } = useEvents(effective);
  const [selected, setSelected] = useState<EventRow | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const close = useCallback(() => {
    setSelected(null);
    setDeleteError(null);
  }, []);

  const columns: Column<EventRow>[] = [
    {
      key: 'check',
      header: <span className="sr-only">Select</span>,
      render: (row) => (
        <input
          type="checkbox"
          aria-label={`Select ${row.en?.title ?? 'event'}`}
          checked={checked.has(row.id)}
          onChange={(e) => setChecked((s) => {
            const n = new Set(s);
            if (e.target.checked) n.add(row.id);
            else n.delete(row.id);
            return n;
          })}
        />
      ),
    },
    { key: 'n', header: '#', render: (_row, i) => i + 1 },
    { key: 'author', header: 'Author', render: (row) => row.author?.fullname || 'None' },
    { key: 'title', header: 'Title', sortKey: 'slug', render: (row) => <span className="font-medium text-gray-900 dark:text-white">{row.en?.title ?? ''}</span> },
    { key: 'event_date', header: 'Event Date', sortKey: 'start_date', render: (row) => formatEventDate(row.start_date, row.end_date) },
    { key: 'date', header: 'Date', sortKey: 'created_at', render: (row) => formatDate(row.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (row) => (
        <div className="flex gap-3">
          <Link href={paths.eventEdit.getHref(row.id, row.slug)} className="font-medium text-blue-600 hover:underline dark:text-blue-500">Update</Link>
          <button type="button" className="font-medium text-red-600 hover:underline dark:text-red-500" onClick={() => setSelected(row)}>
            Delete<span className="sr-only"> {row.en?.title}</span>
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <Table
        caption="Events"
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        isLoading={isLoading}
        error={error ? 'Failed to fetch events' : null}
        onRetry={() => mutate()}
        emptyTitle={search ? `No events match “${search}”.` : 'No events yet.'}
        emptyHint={<Link href={paths.eventAdd.getHref()} className="text-blue-700 underline">Add Event</Link>}
        {...paging}
        total={data?.total}
      />
      <ConfirmDialog
        open={selected !== null}
        title="Confirm Delete"
        busy={busy}
        error={deleteError}
        onCancel={close}
        onConfirm={async () => {
          if (!selected) return;
          setBusy(true);
          try {
            await deleteEvent(selected.id);
            close();
          } catch {
            setDeleteError('Failed to delete event');
          } finally {
            setBusy(false);
          }
        }}
      >
        Are you sure you want to delete this event? This action cannot be undone.
      </ConfirmDialog>
    </>
  );
}
