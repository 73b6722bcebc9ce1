// The admin API: service_role only, GoTrue's shapes, headers and errors.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  // An empty project: the counts below are of this file's users alone.
    stack = await startTestStack({ migrationsDir: join(import.meta.dirname, '../fixtures/empty'), seedFile: '' });
});
afterAll(async () => {
  await stack?.stop();
});

describe('admin API', () => {
  it('creates users with an email identity; refuses duplicates', async () => {
    const admin = stack.service().auth.admin;
    const { data, error } = await admin.createUser({ email: 'New@Example.com', password: 'secret-1', email_confirm: true, user_metadata: { a: 1 }, app_metadata: { role: 'staff' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: 'new@example.com', user_metadata: { a: 1 }, app_metadata: { provider: 'email', providers: ['email'], role: 'staff' } });
    expect(data.user!.identities![0].provider).toBe('email');
    const dup = await admin.createUser({ email: 'new@example.com', password: 'secret-1' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.message).toBe('A user with this email address has already been registered');
  });

  it('lists users with pagination headers', async () => {
    const admin = stack.service().auth.admin;
    await admin.createUser({ email: 'second@example.com', password: 'secret-1' });
    await admin.createUser({ email: 'third@example.com', password: 'secret-1' });
    const { data, error } = await admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect(data.users[0].email).toBe('third@example.com');
    expect(data).toMatchObject({ total: 3, nextPage: 2, lastPage: 2, aud: 'authenticated' });
    const res = await fetch(`${stack.apiUrl}/auth/v1/admin/users?page=2&per_page=2`, { headers: { apikey: stack.keys.serviceRoleKey, authorization: `Bearer ${stack.keys.serviceRoleKey}` } });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('link')).toBe('</admin/users?page=2&per_page=2>; rel="last"');
  });

  it('gets, updates and deletes by id; 404 user_not_found', async () => {
    const admin = stack.service().auth.admin;
    const { data } = await admin.createUser({ email: 'crud@example.com', password: 'secret-1', email_confirm: true });
    const id = data.user!.id;
    expect((await admin.getUserById(id)).data.user?.email).toBe('crud@example.com');
    const upd = await admin.updateUserById(id, { password: 'changed-1', user_metadata: { x: 'y' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ x: 'y' });
    expect((await stack.anon().auth.signInWithPassword({ email: 'crud@example.com', password: 'changed-1' })).error).toBeNull();
    const weak = await admin.updateUserById(id, { password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect((await admin.deleteUser(id)).error).toBeNull();
    const gone = await admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    expect(gone.error?.message).toBe('User not found');
  });

  it('refuses anon and user tokens with not_admin, forged ones with bad_jwt', async () => {
    const anon = await stack.anon().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');
    expect(anon.error?.message).toBe('User not allowed');
    await stack.service().auth.admin.createUser({ email: 'plain@example.com', password: 'secret-1', email_confirm: true });
    const user = await stack.signedIn('plain@example.com', 'secret-1');
    const { data } = await user.auth.getSession();
    const res = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, { headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${data.session!.access_token}` } });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('not_admin');
    const forged = stack.keys.serviceRoleKey.slice(0, -4) + 'AAAA';
    const bad = await fetch(`${stack.apiUrl}/auth/v1/admin/users`, { headers: { apikey: stack.keys.anonKey, authorization: `Bearer ${forged}` } });
    expect(bad.status).toBe(403);
    const body = await bad.json();
    expect(body.error_code).toBe('bad_jwt');
    expect(body.msg).toMatch(/^invalid JWT: unable to parse or verify signature, /);
  });

  it('generate_link (recovery) returns an action link; invite mails the outbox', async () => {
    const admin = stack.service().auth.admin;
    const link = await admin.generateLink({ type: 'recovery', email: 'plain@example.com' });
    expect(link.error).toBeNull();
    expect(link.data.properties?.action_link).toContain('/auth/v1/verify?token=');
    expect(link.data.properties?.verification_type).toBe('recovery');
    const inv = await admin.inviteUserByEmail('invitee@example.com');
    expect(inv.error).toBeNull();
    expect(inv.data.user?.invited_at).toBeTruthy();
    const mail = stack.outbox.list('invitee@example.com')[0];
    expect(mail.links[0]).toContain('type=invite');
    const res = await fetch(mail.links[0], { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('type')).toBe('invite');
  });
});
