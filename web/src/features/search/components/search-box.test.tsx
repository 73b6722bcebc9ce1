import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeProfile, type createFakeSupabase } from '@/test/fake-supabase';
import { SearchBox } from './search-box';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;

describe('top bar search', () => {
  it('finds events, people and categories by English title or name (ilike on the server) and opens one', async () => {
    fake.onTable('event_translations', () => ({ data: [{ title: 'Moon landing', event: { id: 5, slug: 'moon-landing' } }], error: null }));
    fake.onTable('people', () => ({ data: [{ id: 2, slug: 'neil-armstrong', name: 'Neil Armstrong' }], error: null }));
    fake.onTable('category_translations', () => ({ data: [], error: null }));
    const { location } = renderAt(<SearchBox />, { path: '/dashboard', auth: { status: 'signedIn', profile: fakeProfile() } });
    await userEvent.type(screen.getByPlaceholderText('Search'), 'moo');
    expect(await screen.findByRole('option', { name: /Moon landing/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Neil Armstrong/ })).toBeTruthy();
    const ev = fake.queries.find((q) => q.table === 'event_translations')!;
    expect(ev.ops).toContainEqual({ op: 'ilike', args: ['title', '%moo%'] });
    expect(ev.ops).toContainEqual({ op: 'eq', args: ['language_code', 'en'] });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/event/edit/5/moon-landing'));
  });
});
