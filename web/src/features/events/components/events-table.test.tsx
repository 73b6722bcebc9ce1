import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeProfile, type createFakeSupabase } from '@/test/fake-supabase';
import { EventsTable } from './events-table';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;
const auth = { status: 'signedIn' as const, profile: fakeProfile() };

describe('events table', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('shows the spec columns, sorts and deletes after Confirm Delete', async () => {
    fake.onTable('events', (ops) =>
      ops.some((o) => o.op === 'delete')
        ? { data: null, error: null }
        : { data: [{ id: 5, slug: 'moon-landing', image_url: null, start_date: '1969-07-16', end_date: '1969-07-24', created_at: '2024-03-03T10:00:00', author: null, en: [{ title: 'Moon landing' }] }], error: null, count: 1 },
    );
    renderAt(<EventsTable />, { path: '/dashboard', auth });
    const cell = await screen.findByText('Moon landing', { selector: 'span.font-medium' });
    const row = cell.closest('tr')!;
    expect(within(row).getByText('None')).toBeTruthy();
    expect(within(row).getByText('1969-07-16 - 1969-07-24')).toBeTruthy();
    expect(within(row).getByText('3rd March, 2024')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Update' }).getAttribute('href')).toBe('/event/edit/5/moon-landing');
    for (const h of ['Author', 'Title', 'Event Date', 'Date', 'Actions']) expect(screen.getByRole('columnheader', { name: new RegExp(`^${h}`) })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /Event Date/ }));
    await waitFor(() => expect(fake.queries.at(-1)!.ops).toContainEqual({ op: 'order', args: ['start_date', { ascending: true }] }));

    const fresh = (await screen.findByText('Moon landing', { selector: 'span.font-medium' })).closest('tr')!;
    await userEvent.click(within(fresh).getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this event? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(fake.queries.some((q) => q.table === 'events' && q.ops.some((o) => o.op === 'delete'))).toBe(true));
  });
});
