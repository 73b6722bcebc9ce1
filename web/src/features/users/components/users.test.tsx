import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeProfile, type createFakeSupabase } from '@/test/fake-supabase';
import { AddUser } from './add-user';
import { EditUser } from './edit-user';
import { ManageUsers } from './manage-users';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;
const admin = { status: 'signedIn' as const, profile: fakeProfile() };
const staff = { status: 'signedIn' as const, profile: fakeProfile({ role: 'staff' }) };

async function submitAndExpect(message: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
  await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(message));
}

describe('Add User', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('validates in the spec order: full name, username, email, password', async () => {
    renderAt(<AddUser />, { path: '/users/add', auth: admin });
    await submitAndExpect('Full name field is required');
    await userEvent.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await submitAndExpect('Username field is required');
    await userEvent.type(screen.getByLabelText('Username'), 'grace');
    await submitAndExpect('Email field is required');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await submitAndExpect('Password field is required');
    expect(fake.client.functions.invoke).not.toHaveBeenCalled();
  });

  it('masks the password with a show toggle', async () => {
    renderAt(<AddUser />, { path: '/users/add', auth: admin });
    const pw = screen.getByLabelText('Password');
    expect(pw).toHaveProperty('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(pw).toHaveProperty('type', 'text');
  });

  it('Email already in use / Username already taken come before the server call', async () => {
    fake.onTable('users', (ops) => ({ data: null, error: null, count: ops.some((o) => o.op === 'ilike' && o.args[0] === 'email') ? 1 : 0 }));
    renderAt(<AddUser />, { path: '/users/add', auth: admin });
    await userEvent.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await userEvent.type(screen.getByLabelText('Username'), 'grace');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await submitAndExpect('Email already in use');
    fake.onTable('users', (ops) => ({ data: null, error: null, count: ops.some((o) => o.op === 'ilike' && o.args[0] === 'username') ? 1 : 0 }));
    await submitAndExpect('Username already taken');
    expect(fake.client.functions.invoke).not.toHaveBeenCalled();
  });

  it('creates through the admin-users function', async () => {
    fake.onTable('users', () => ({ data: null, error: null, count: 0 }));
    fake.client.functions.invoke.mockResolvedValueOnce({ data: { user: { ...fakeProfile({ id: 9, uuid: 'u-9', fullname: 'Grace Hopper', role: 'staff' }) } }, error: null });
    renderAt(<AddUser />, { path: '/users/add', auth: admin });
    await userEvent.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    await userEvent.type(screen.getByLabelText('Username'), 'grace');
    await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(fake.client.functions.invoke).toHaveBeenCalledWith('admin-users', {
      body: { action: 'create', email: 'grace@example.com', password: 'secret1', fullname: 'Grace Hopper', username: 'grace', phone_number: null },
    });
  });

  it('staff cannot add users', () => {
    renderAt(<AddUser />, { path: '/users/add', auth: staff });
    expect(screen.getByText(/Only admins can manage users/)).toBeTruthy();
    expect(screen.queryByLabelText('Full name')).toBeNull();
  });
});

describe('Edit User', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('is headed Edit User and requires the full name', async () => {
    fake.onTable('users', () => ({ data: fakeProfile({ id: 3, uuid: 'u-3', fullname: 'Alan', role: 'staff' }), error: null }));
    renderAt(<EditUser id={3} />, { path: '/users/edit/3', auth: admin });
    expect(screen.getByRole('heading', { name: 'Edit User' })).toBeTruthy();
    const name = await screen.findByLabelText('Full name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('alert').textContent).toContain('Full name field is required');
  });

  it('User not found, then back to /users/manage', async () => {
    fake.onTable('users', () => ({ data: null, error: null }));
    const { location } = renderAt(<EditUser id={99} />, { path: '/users/edit/99', auth: admin });
    expect(await screen.findByText('User not found')).toBeTruthy();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/users/manage'), { timeout: 3000 });
  });
});

describe('Manage Users', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('staff see the directory read-only', async () => {
    fake.onTable('users', () => ({ data: [fakeProfile({ id: 2, uuid: 'u-2', fullname: 'Bob', role: 'staff' })], error: null, count: 1 }));
    renderAt(<ManageUsers />, { path: '/users/manage', auth: staff });
    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('admins delete after confirming, through admin-users', async () => {
    fake.onTable('users', () => ({ data: [fakeProfile({ id: 2, uuid: 'u-2', fullname: 'Bob', role: 'staff' })], error: null, count: 1 }));
    fake.client.functions.invoke.mockResolvedValueOnce({ data: { deleted: 2 }, error: null });
    renderAt(<ManageUsers />, { path: '/users/manage', auth: admin });
    await screen.findByText('Bob', { selector: 'span.font-medium' });
    await userEvent.click(screen.getByText('Delete', { selector: 'tbody button' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Are you sure you want to delete this user? This action cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.client.functions.invoke).toHaveBeenCalledWith('admin-users', { body: { action: 'delete', id: 2 } }));
  });
});
