import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ImageUploader } from '@/components/ui/image-uploader';
import { Alert, Breadcrumb, ErrorState } from '@/components/ui/states';
import { PageSpinner } from '@/components/ui/spinner';
import { useUser, type StaffUser } from '../api/get-users';
import { UpdateUserSchema, updateUser } from '../api/update-user';
import { AdminOnly } from './admin-only';

/** Full name, phone number and avatar of a profile. Used by Edit User and Profile. */
export function ProfileFields({ user, onSaved, submitLabel = 'Update' }: { user: StaffUser; onSaved(): void; submitLabel?: string }) {
  const [fullname, setFullname] = useState(user.fullname ?? '');
  const [phone, setPhone] = useState(user.phone_number ?? '');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = UpdateUserSchema.safeParse({ fullname, phone_number: phone });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0].message);
      setBanner({ kind: 'error', message: parsed.error.issues[0].message });
      return;
    }
    setFieldError(null);
    setBanner(null);
    setBusy(true);
    try {
      await updateUser(user, parsed.data, avatar);
      setBanner({ kind: 'success', message: 'Profile updated.' });
      onSaved();
    } catch (err) {
      setBanner({ kind: 'error', message: err instanceof Error ? err.message : 'Failed to update users' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4">
      {banner && <Alert kind={banner.kind} message={banner.message} />}
      <p className="text-sm text-gray-500 dark:text-gray-400">{user.email}{user.username ? ` · @${user.username}` : ''} · {user.role}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <Input label="Full name" name="fullname" autoComplete="name" value={fullname} error={fieldError} onChange={(e) => setFullname(e.target.value)} />
        <Input label="Phone number" name="phone_number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
      </div>
      <ImageUploader label="Avatar" file={avatar} onChange={setAvatar} currentUrl={user.profile_picture_url} />
      <Button type="submit" busy={busy} busyText="Saving...">{submitLabel}</Button>
    </form>
  );
}

export function EditUser({ id }: { id: number }) {
  const [, navigate] = useLocation();
  const { data, error, isLoading, mutate } = useUser(Number.isFinite(id) ? id : null);
  const notFound = !Number.isFinite(id) || (!isLoading && !error && data === null);
  useEffect(() => {
    if (!notFound) return;
    const t = setTimeout(() => navigate(paths.usersManage.getHref(), { replace: true }), 1500);
    return () => clearTimeout(t);
  }, [notFound, navigate]);
  return (
    <section>
      <Breadcrumb items={[{ label: 'Home', href: paths.dashboard.getHref() }, { label: 'Users', href: paths.usersManage.getHref() }, { label: 'Edit' }]} />
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Edit User</h1>
      <AdminOnly>
        {notFound ? <ErrorState message="User not found" />
          : error ? <ErrorState message="Failed to fetch user" onRetry={() => mutate()} />
          : !data ? <PageSpinner />
          : <ProfileFields key={data.id} user={data} onSaved={() => navigate(paths.usersManage.getHref())} />}
      </AdminOnly>
    </section>
  );
}
