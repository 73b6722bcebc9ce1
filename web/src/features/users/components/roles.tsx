import { useState } from 'react';
import { useAuth } from '@/lib/auth';
import { usePagedList } from '@/lib/use-paged-list';
import { useDebounced } from '@/lib/use-debounced';
import { Table, type Column } from '@/components/ui/table';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useUsers, type StaffUser } from '../api/get-users';
import { setUserRole } from '../api/update-user';
import { Avatar, UsersSearch } from './manage-users';

const ROLE_TEXT = {
  admin: 'Admins manage content and staff accounts: they add, edit and delete users and change roles.',
  staff: 'Staff manage content (categories, events, people, resources) and see the staff directory.',
};

export function Roles() {
  const { isAdmin, profile } = useAuth();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 300);
  const { params, paging, toFirstPage } = usePagedList({ column: 'role', ascending: true });
  const { data, error, isLoading, mutate } = useUsers({ ...params, search });
  const [pending, setPending] = useState<{ user: StaffUser; role: 'admin' | 'staff' } | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const columns: Column<StaffUser>[] = [
    { key: 'avatar', header: 'Avatar', render: (u) => <Avatar url={u.profile_picture_url} name={u.fullname} /> },
    { key: 'fullname', header: 'Full name', sortKey: 'fullname', render: (u) => u.fullname },
    { key: 'email', header: 'Email Address', sortKey: 'email', render: (u) => u.email },
    {
      key: 'role', header: 'Role', sortKey: 'role',
      render: (u) =>
        isAdmin && u.uuid !== profile?.uuid ? (
          <select aria-label={`Role of ${u.fullname}`} value={u.role} onChange={(e) => setPending({ user: u, role: e.target.value as 'admin' | 'staff' })}
            className="rounded-lg border border-gray-300 bg-gray-50 p-1.5 text-sm dark:border-gray-600 dark:bg-gray-700 dark:text-white">
            <option value="staff">staff</option>
            <option value="admin">admin</option>
          </select>
        ) : (
          <span>{u.role}{u.uuid === profile?.uuid ? ' (you)' : ''}</span>
        ),
    },
  ];

  return (
    <section>
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Roles</h1>
      <dl className="mb-4 grid gap-3 md:grid-cols-2">
        {(['admin', 'staff'] as const).map((r) => (
          <div key={r} className="rounded-lg border border-gray-200 bg-white p-4 dark:border-gray-700 dark:bg-gray-800">
            <dt className="font-semibold capitalize text-gray-900 dark:text-white">{r}</dt>
            <dd className="text-sm text-gray-600 dark:text-gray-300">{ROLE_TEXT[r]}</dd>
          </div>
        ))}
      </dl>
      <p className="mb-4 text-sm text-gray-500 dark:text-gray-400">
        There is always at least one admin: the last admin cannot be demoted or deleted, and nobody can change their own role.
        {!isAdmin && ' Only admins can change roles.'}
      </p>
      {actionError && <p role="alert" className="mb-3 text-sm text-red-600">{actionError}</p>}
      <UsersSearch value={text} onChange={(v) => { setText(v); toFirstPage(); }} />
      <Table caption="Roles" columns={columns} rows={data?.rows} rowKey={(u) => u.id} isLoading={isLoading}
        error={error ? 'Failed to fetch users' : null} onRetry={() => mutate()} emptyTitle="No users found."
        {...paging} total={data?.total} />
      <ConfirmDialog
        open={pending !== null}
        title="Change role"
        confirmLabel="Change role"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={async () => {
          if (!pending) return;
          setBusy(true);
          setActionError(null);
          try {
            await setUserRole(pending.user.id, pending.role);
          } catch (err) {
            setActionError(err instanceof Error ? err.message : 'Failed to update users');
          } finally {
            setBusy(false);
            setPending(null);
          }
        }}
      >
        {pending && `Make ${pending.user.fullname} ${pending.role === 'admin' ? 'an admin' : 'staff'}? ${ROLE_TEXT[pending.role]}`}
      </ConfirmDialog>
    </section>
  );
}
