import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useAuth } from '@/lib/auth';
import { usePagedList } from '@/lib/use-paged-list';
import { useDebounced } from '@/lib/use-debounced';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Table, type Column } from '@/components/ui/table';
import { useUsers, type StaffUser } from '../api/get-users';
import { deleteUser } from '../api/delete-user';

export function Avatar({ url, name }: { url?: string | null; name?: string | null }) {
  return <img src={url || '/default-avatar.svg'} alt={name ? `${name}'s avatar` : 'Avatar'} className="h-10 w-10 rounded-full object-cover" />;
}

export function UsersSearch({ value, onChange }: { value: string; onChange(v: string): void }) {
  return (
    <div className="mb-4 max-w-sm">
      <label htmlFor="users-search" className="sr-only">Search for users</label>
      <input id="users-search" type="search" placeholder="Search for users" value={value} onChange={(e) => onChange(e.target.value)}
        className="block w-full rounded-lg border border-gray-300 bg-gray-50 p-2 text-sm text-gray-900 dark:border-gray-600 dark:bg-gray-700 dark:text-white" />
    </div>
  );
}

export function ManageUsers() {
  const { isAdmin, profile } = useAuth();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const { params, paging, toFirstPage } = usePagedList();
  const { data, error, isLoading, mutate } = useUsers({ ...params, search });
  const [selected, setSelected] = useState<StaffUser | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const columns: Column<StaffUser>[] = [
    { key: 'n', header: '#', render: (_r, i) => i + 1 },
    { key: 'avatar', header: 'Avatar', render: (u) => <Avatar url={u.profile_picture_url} name={u.fullname} /> },
    { key: 'fullname', header: 'Full name', sortKey: 'fullname', render: (u) => <span className="font-medium text-gray-900 dark:text-white">{u.fullname}</span> },
    { key: 'email', header: 'Email Address', sortKey: 'email', render: (u) => u.email },
    { key: 'role', header: 'Role', sortKey: 'role', render: (u) => u.role },
    { key: 'date', header: 'Date', sortKey: 'created_at', render: (u) => formatDate(u.created_at) },
  ];
  if (isAdmin) {
    columns.push({
      key: 'actions', header: 'Actions',
      render: (u) => (
        <div className="flex gap-3">
          <Link href={paths.usersEdit.getHref(u.id)} className="font-medium text-blue-600 hover:underline dark:text-blue-500">Update<span className="sr-only"> {u.fullname}</span></Link>
          {u.uuid !== profile?.uuid && (
            <button type="button" className="font-medium text-red-600 hover:underline dark:text-red-500" onClick={() => setSelected(u)}>
              Delete<span className="sr-only"> {u.fullname}</span>
            </button>
          )}
        </div>
      ),
    });
  }

  return (
    <section>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-gray-900 dark:text-white">Manage Users</h1>
        {isAdmin && <Link href={paths.usersAdd.getHref()} className="rounded-lg bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">Add User</Link>}
      </div>
      {!isAdmin && <p className="mb-4 text-sm text-gray-500 dark:text-gray-400">You can see the staff directory. Only admins can add, edit or delete users.</p>}
      <UsersSearch value={text} onChange={(v) => { setText(v); toFirstPage(); }} />
      <Table
        caption="Users"
        columns={columns}
        rows={data?.rows}
        rowKey={(u) => u.id}
        isLoading={isLoading}
        error={error ? 'Failed to fetch users' : null}
        onRetry={() => mutate()}
        emptyTitle={search ? `No users match “${search}”.` : 'No users yet.'}
        {...paging}
        total={data?.total}
      />
      <ConfirmDialog
        open={selected !== null}
        title="Confirm Delete"
        busy={busy}
        error={deleteError}
        onCancel={() => { setSelected(null); setDeleteError(null); }}
        onConfirm={async () => {
          if (!selected) return;
          setBusy(true);
          try {
            await deleteUser(selected.id);
            setSelected(null);
            setDeleteError(null);
          } catch (err) {
            setDeleteError(err instanceof Error ? err.message : 'Failed to delete user');
          } finally {
            setBusy(false);
          }
        }}
      >
        Are you sure you want to delete this user? This action cannot be undone.
      </ConfirmDialog>
    </section>
  );
}
