import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import type { createFakeSupabase } from '@/test/fake-supabase';
import { ResetPasswordForm } from './reset-password-form';
import { ForgotPasswordForm } from './forgot-password-form';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;

const auth = { status: 'signedOut' as const };

describe('/reset-password', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('otp_expired has its own message', async () => {
    renderAt(<ResetPasswordForm />, { path: '/reset-password?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid', auth });
    expect(await screen.findByText(/The password reset link has expired. Please request a new one./)).toBeTruthy();
  });

  it('access_denied has its own message', async () => {
    renderAt(<ResetPasswordForm />, { path: '/reset-password?error=access_denied&error_code=other', auth });
    expect(await screen.findByText(/Access denied. The reset link may be invalid/)).toBeTruthy();
  });

  it('other errors show the description', async () => {
    renderAt(<ResetPasswordForm />, { path: '/reset-password?error=server_error&error_description=Something%20broke', auth });
    expect(await screen.findByText(/Something broke/)).toBeTruthy();
  });

  it('without a code: No reset code provided', async () => {
    renderAt(<ResetPasswordForm />, { path: '/reset-password', auth });
    expect(await screen.findByText(/No reset code provided/)).toBeTruthy();
  });

  it('a code that does not verify: Failed to verify reset code', async () => {
    fake.client.auth.exchangeCodeForSession.mockResolvedValueOnce({ data: {}, error: { message: 'bad code' } });
    renderAt(<ResetPasswordForm />, { path: '/reset-password?code=bad-1', auth });
    expect(await screen.findByText(/Failed to verify reset code/)).toBeTruthy();
  });

  it('verifies the code, applies the 6-character and match rules, then updates', async () => {
    let release: () => void = () => undefined;
    fake.client.auth.updateUser.mockImplementationOnce(() => new Promise((r) => { release = () => r({ data: {}, error: null }); }));
    renderAt(<ResetPasswordForm />, { path: '/reset-password?code=good-1', auth });
    const password = await screen.findByLabelText('New password');
    expect(fake.client.auth.exchangeCodeForSession).toHaveBeenCalledWith('good-1');
    const submit = screen.getByRole('button', { name: 'Update Password' });
    expect(submit).toHaveProperty('disabled', true);

    await userEvent.type(password, '123');
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);

    await userEvent.type(password, '456');
    await userEvent.type(screen.getByLabelText('Confirm password'), '123457');
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(submit).toHaveProperty('disabled', true);

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), '123456');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(submit).toHaveProperty('disabled', false);
    await userEvent.click(submit);
    expect(await screen.findByText('Updating Password...')).toBeTruthy();
    release();
    expect(await screen.findByText(/Your password has been updated/)).toBeTruthy();
    expect(fake.client.auth.updateUser).toHaveBeenCalledWith({ password: '123456' });
  });

  it('shows the weak_password reasons', async () => {
    fake.client.auth.updateUser.mockResolvedValueOnce({ data: {}, error: Object.assign(new Error('Password is known to be weak'), { code: 'weak_password', reasons: ['pwned'] }) });
    renderAt(<ResetPasswordForm />, { path: '/reset-password?code=good-2', auth });
    await userEvent.type(await screen.findByLabelText('New password'), 'password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password is known to be weak')).toBeTruthy();
    expect(screen.getByText(/known from a data breach/)).toBeTruthy();
  });
});

describe('/forgot-password', () => {
  beforeEach(() => vi.clearAllMocks());

  it('does not send an empty address', async () => {
    renderAt(<ForgotPasswordForm />, { path: '/forgot-password', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email field is required')).toBeTruthy();
    expect(fake.client.auth.resetPasswordForEmail).not.toHaveBeenCalled();
  });

  it('sends the recovery mail back to /reset-password and confirms', async () => {
    renderAt(<ForgotPasswordForm />, { path: '/forgot-password', auth });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(fake.client.auth.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', { redirectTo: `${window.location.origin}/reset-password` }));
    expect(await screen.findByText(/we have sent a link/)).toBeTruthy();
  });
});
