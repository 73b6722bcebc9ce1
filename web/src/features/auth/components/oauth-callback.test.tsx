import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeSession, type createFakeSupabase } from '@/test/fake-supabase';
import { OAuthCallback } from './oauth-callback';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;

function at(url: string) {
  window.history.replaceState(null, '', url);
}

describe('/oauth-callback', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('a provider error goes back to /login with the error', async () => {
    at('/oauth-callback?error=invalid_request&error_description=Unsupported+provider%3A+provider+is+not+enabled');
    const { location } = renderAt(<OAuthCallback />, { path: '/oauth-callback', auth: { status: 'signedOut' } });
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/login?error=${encodeURIComponent('Unsupported provider: provider is not enabled')}`));
  });

  it('a code is exchanged, the staff row checked, then /dashboard', async () => {
    at('/oauth-callback?code=abc');
    fake.client.auth.getSession.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    const establish = vi.fn(async () => 'signedIn' as const);
    const { location } = renderAt(<OAuthCallback />, { path: '/oauth-callback', auth: { status: 'signedOut', establish } });
    await waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
    expect(fake.client.auth.exchangeCodeForSession).toHaveBeenCalledWith('abc');
    expect(establish).toHaveBeenCalled();
  });
});
