import { useState, type FormEvent } from 'react';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Input, PasswordInput } from '@/components/ui/input';
import { ImageUploader } from '@/components/ui/image-uploader';
import { Alert, Breadcrumb } from '@/components/ui/states';
import { CreateUserSchema, createUser, duplicateProblem } from '../api/create-user';
import { AdminUsersError } from '../api/admin-users';
import { AdminOnly } from './admin-only';

type Field = 'fullname' | 'username' | 'email' | 'password';
const EMPTY = { fullname: '', username: '', email: '', phone_number: '', password: '' };

export function AddUserForm() {
  const [values, setValues] = useState(EMPTY);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [uploaderKey, setUploaderKey] = useState(0);
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const [banner, setBanner] = useState<{ kind: 'success' | 'error'; message: string; reasons?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const err = (f: Field) => (fieldError?.field === f ? fieldError.message : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CreateUserSchema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setFieldError({ field: issue.path[0] as Field, message: issue.message });
      setBanner({ kind: 'error', message: issue.message });
      return;
    }
    setFieldError(null);
    setBanner(null);
    setBusy(true);
    try {
      const dup = await duplicateProblem(parsed.data);
      if (dup) {
        setFieldError(dup);
        setBanner({ kind: 'error', message: dup.message });
        return;
      }
      const user = await createUser(parsed.data, avatar);
      setBanner({ kind: 'success', message: `${user.fullname ?? parsed.data.fullname} can now sign in as staff.` });
      setValues(EMPTY);
      setAvatar(null);
      setUploaderKey((k) => k + 1);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Failed to add user';
      if (error instanceof AdminUsersError && (error.code === 'email_exists' || error.code === 'username_exists')) {
        setFieldError({ field: error.code === 'email_exists' ? 'email' : 'username', message });
      }
      setBanner({ kind: 'error', message, reasons: error instanceof AdminUsersError ? error.reasons : [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="max-w-2xl space-y-4">
      {banner && <Alert kind={banner.kind} message={banner.message} />}
      {banner?.reasons && banner.reasons.length > 0 && (
        <ul className="list-disc pl-6 text-sm text-red-700">{banner.reasons.map((r) => <li key={r}>{r}</li>)}</ul>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <Input label="Full name" name="fullname" autoComplete="name" value={values.fullname} error={err('fullname')} onChange={set('fullname')} />
        <Input label="Username" name="username" autoComplete="username" value={values.username} error={err('username')} onChange={set('username')} />
        <Input label="Email" name="email" type="email" autoComplete="email" value={values.email} error={err('email')} onChange={set('email')} />
        <Input label="Phone number" name="phone_number" type="tel" autoComplete="tel" value={values.phone_number} onChange={set('phone_number')} />
        <PasswordInput label="Password" name="password" autoComplete="new-password" value={values.password} error={err('password')} onChange={set('password')} />
      </div>
      <ImageUploader key={uploaderKey} label="Avatar" file={avatar} onChange={setAvatar} />
      <Button type="submit" busy={busy} busyText="Saving...">Add User</Button>
    </form>
  );
}

export function AddUser() {
  return (
    <section>
      <Breadcrumb items={[{ label: 'Home', href: paths.dashboard.getHref() }, { label: 'Users', href: paths.usersManage.getHref() }, { label: 'Add' }]} />
      <h1 className="mb-4 text-2xl font-semibold text-gray-900 dark:text-white">Add User</h1>
      <AdminOnly>
        <AddUserForm />
      </AdminOnly>
    </section>
  );
}
