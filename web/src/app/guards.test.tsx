import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { renderAt } from '@/test/render';
import { GuestOnly, RequireAuth } from './guards';
import { fakeProfile } from '@/test/fake-supabase';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase, fakeSession } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  fake.client.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
  return { supabase: () => fake.client };
});

function Routes() {
  return (
    <Switch>
      <Route path="/login"><GuestOnly><p>login page</p></GuestOnly></Route>
      <Route path="/dashboard"><RequireAuth><p>dashboard page</p></RequireAuth></Route>
    </Switch>
  );
}

describe('guards', () => {
  it('shows a spinner while the session is checked', () => {
    renderAt(<Routes />, { path: '/dashboard', auth: { status: 'loading' } });
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('dashboard page')).toBeNull();
  });

  it('login-required: a signed-out visitor goes to /login', () => {
    const { location } = renderAt(<Routes />, { path: '/dashboard', auth: { status: 'signedOut' } });
    expect(screen.getByText('login page')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/login');
  });

  it('login-required: a signed-in user sees the page', () => {
    renderAt(<Routes />, { path: '/dashboard', auth: { status: 'signedIn', profile: fakeProfile() } });
    expect(screen.getByText('dashboard page')).toBeTruthy();
  });

  it('guest-only: a signed-in user goes to /dashboard', () => {
    const { location } = renderAt(<Routes />, { path: '/login', auth: { status: 'signedIn', profile: fakeProfile() } });
    expect(screen.getByText('dashboard page')).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/dashboard');
  });
});
