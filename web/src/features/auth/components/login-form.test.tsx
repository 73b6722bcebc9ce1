import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeProfile, fakeSession, type createFakeSupabase } from '@/test/fake-supabase';
import { LoginForm } from './login-form';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;

function settings(external: Record<string, boolean>) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ external }), { status: 200 })));
}

async function loginError() {
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Login error!')).toBeTruthy();
  return alert;
}

describe('/login', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
    settings({ google: false, apple: false, email: true });
  });

  it('has the spec texts: title-less form, providers, Forgot password, submit label', async () => {
    renderAt(<LoginForm />, { path: '/login' });
    expect(screen.getByRole('button', { name: 'Sign in your account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
  });

  it('requires both fields: Please enter both email and password', async () => {
    renderAt(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in your account' }));
    const alert = await loginError();
    expect(within(alert).getByText('Please enter both email and password')).toBeTruthy();
    expect(fake.client.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('invalid_credentials shows Incorrect email or password', async () => {
    fake.client.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: null, user: null }, error: { code: 'invalid_credentials', message: 'Invalid login credentials' } });
    renderAt(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in your account' }));
    const alert = await loginError();
    expect(within(alert).getByText('Incorrect email or password')).toBeTruthy();
  });

  it('decodes ?error= and shows it under Login error!', async () => {
    renderAt(<LoginForm />, { path: '/login?error=Unsupported%20provider%3A%20provider%20is%20not%20enabled' });
    const alert = await loginError();
    expect(within(alert).getByText('Unsupported provider: provider is not enabled')).toBeTruthy();
  });

  it('a signed-in user without a staff row is signed out with the spec message, account kept', async () => {
    fake.client.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: fakeSession('mobile-1', 'app@example.com'), user: null }, error: null });
    fake.onTable('users', () => ({ data: null, error: null }));
    renderAt(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'app@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in your account' }));
    const alert = await loginError();
    expect(within(alert).getByText('Email adress not found, try using another or contact support')).toBeTruthy();
    expect(fake.client.auth.signOut).toHaveBeenCalled();
    expect(fake.client.auth.admin.deleteUser).not.toHaveBeenCalled();
    expect(fake.client.functions.invoke).not.toHaveBeenCalled();
  });

  it('a staff user goes to /dashboard', async () => {
    fake.client.auth.signInWithPassword.mockResolvedValueOnce({ data: { session: fakeSession(), user: null }, error: null });
    fake.onTable('users', () => ({ data: fakeProfile(), error: null }));
    const { location } = renderAt(<LoginForm />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in your account' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
  });

  it('disables Google and Apple with a hint when the auth server has them off', async () => {
    renderAt(<LoginForm />, { path: '/login' });
    const google = screen.getByRole('button', { name: /Sign in with Google/ });
    await waitFor(() => expect(google).toHaveProperty('disabled', true));
    expect(screen.getByText('Google sign-in is not enabled on this server.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Sign in with Apple/ })).toHaveProperty('disabled', true);
  });

  it('enables a provider the server has on', async () => {
    settings({ google: true, apple: false });
    renderAt(<LoginForm />, { path: '/login' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Sign in with Apple/ })).toHaveProperty('disabled', true));
    const google = screen.getByRole('button', { name: /Sign in with Google/ });
    expect(google).toHaveProperty('disabled', false);
    await userEvent.click(google);
    expect(fake.client.auth.signInWithOAuth).toHaveBeenCalledWith(expect.objectContaining({ provider: 'google' }));
  });
});
