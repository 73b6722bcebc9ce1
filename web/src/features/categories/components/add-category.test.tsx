import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as sb from '@/lib/supabase';
import { renderAt } from '@/test/render';
import { fakeProfile, type createFakeSupabase } from '@/test/fake-supabase';
import { AddCategory } from './add-category';
import { ManageCategories } from './manage-categories';

vi.mock('@/lib/supabase', async () => {
  const { createFakeSupabase } = await import('@/test/fake-supabase');
  const fake = createFakeSupabase();
  return { supabase: () => fake.client, __fake: fake };
});
const fake = (sb as unknown as { __fake: ReturnType<typeof createFakeSupabase> }).__fake;
const auth = { status: 'signedIn' as const, profile: fakeProfile({ role: 'staff' }) };

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' });

describe('Add Category', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  it('has the breadcrumb, heading, fields and hint of the spec', () => {
    renderAt(<AddCategory />, { path: '/category/add', auth });
    expect(screen.getByRole('heading', { name: 'Add Category' })).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Home')).toBeTruthy();
    expect(within(crumbs).getByText('Category')).toBeTruthy();
    expect(within(crumbs).getByText('Add')).toBeTruthy();
    expect(screen.getByPlaceholderText('Category Name')).toBeTruthy();
    expect(screen.getByLabelText('Feature Image')).toBeTruthy();
    expect(screen.getByText('PNG, JPG or GIF (MAX. 5MB)')).toBeTruthy();
  });

  it('validates in order: name, then image, under Danger alert!', async () => {
    renderAt(<AddCategory />, { path: '/category/add', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    let alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Danger alert!');
    expect(alert.textContent).toContain('Name field in all required fields');

    await userEvent.type(screen.getByLabelText('Name'), 'Space Race');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Category Image is needed');
    expect(fake.client.from).not.toHaveBeenCalled();
  });

  it('refuses non-images and files over 5 MB with the spec messages', async () => {
    renderAt(<AddCategory />, { path: '/category/add', auth });
    const input = screen.getByLabelText('Feature Image');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('Please upload an image file')).toBeTruthy();
    fireEvent.change(input, { target: { files: [png(5 * 1024 * 1024 + 1)] } });
    expect(screen.getByText('Image must be less than 5MB')).toBeTruthy();
  });

  it('uploads, inserts the category and its English row, then clears the form', async () => {
    fake.onTable('categories', () => ({ data: { id: 42 }, error: null }));
    fake.onTable('category_translations', () => ({ data: null, error: null }));
    renderAt(<AddCategory />, { path: '/category/add', auth });
    await userEvent.type(screen.getByLabelText('Name'), 'Space Race');
    fireEvent.change(screen.getByLabelText('Feature Image'), { target: { files: [png()] } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    const tr = fake.queries.find((q) => q.table === 'category_translations');
    expect(tr?.ops[0]).toEqual({ op: 'insert', args: [{ category_id: 42, language_code: 'en', name: 'Space Race', description: null }] });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });
});

describe('Manage Categories', () => {
  beforeEach(() => {
    fake.reset();
    vi.clearAllMocks();
  });

  const row = (id: number, name: string, states: Array<[string, string, boolean?]>) => ({
    id, slug: name.toLowerCase(), image_url: null, created_at: '2024-03-03T10:00:00Z', en: { name, description: null },
    translations: states.map(([language_code, status, human_edited]) => ({ language_code, status, human_edited: !!human_edited, last_error: status === 'failed' ? 'boom' : null, attempts: 0 })),
  });

  it('lists with search, server paging and translation states; delete asks first', async () => {
    fake.onTable('categories', (ops) => {
      if (ops.some((o) => o.op === 'delete')) return { data: null, error: null };
      return { data: [row(1, 'Wars', [['en', 'done'], ['fr', 'failed'], ['es', 'pending'], ['de', 'done', true]])], error: null, count: 11 };
    });
    renderAt(<ManageCategories />, { path: '/category/manage', auth });
    expect(screen.getByRole('heading', { name: 'All Categories' })).toBeTruthy();
    expect(await screen.findByText('Wars', { selector: 'span.font-medium' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Table navigation' }).textContent).toContain('of 11');
    expect(screen.getByText('Retry failed (1)')).toBeTruthy();
    const chips = screen.getByRole('list', { name: 'Translation state per language' });
    expect(within(chips).getByText('fr').parentElement?.textContent).toContain('failed');
    expect(within(chips).getByText('de').parentElement?.textContent).toContain('locked');

    await userEvent.type(screen.getByPlaceholderText('Search for categories'), 'War');
    await waitFor(() => {
      const last = fake.queries.filter((q) => q.table === 'categories').at(-1)!;
      expect(last.ops).toContainEqual({ op: 'ilike', args: ['en.name', '%War%'] });
    });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      const last = fake.queries.filter((q) => q.table === 'categories').at(-1)!;
      expect(last.ops).toContainEqual({ op: 'range', args: [10, 19] });
    });

    await userEvent.click(screen.getByRole('button', { name: /Delete item/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this category? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.queries.some((q) => q.ops.some((o) => o.op === 'delete'))).toBe(false);
  });

  it('shows the empty and error states', async () => {
    fake.onTable('categories', () => ({ data: [], error: null, count: 0 }));
    const { unmount } = renderAt(<ManageCategories />, { path: '/category/manage', auth });
    expect(await screen.findByText('No categories yet.')).toBeTruthy();
    unmount();
    fake.onTable('categories', () => ({ data: null, error: { message: 'boom' } }));
    renderAt(<ManageCategories />, { path: '/category/manage', auth });
    expect(await screen.findByText('Failed to fetch categories')).toBeTruthy();
  });
});
