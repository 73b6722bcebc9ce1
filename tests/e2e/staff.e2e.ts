// An admin adds a staff member in the console; that person signs in and finds
// user administration closed to them, in the UI and on the server.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestStack } from '../support/stack.ts';
import { startAppSession, screenshot, signIn, type AppSession } from './support/browser.ts';
import { SLOW, expectNoAlerts, openFromSidebar, signOut } from './support/app.ts';

const NEWCOMER = { fullname: 'Grace Hopper', username: 'ghopper', email: 'grace@example.com', password: 'Cobol#1959' };

let app: AppSession;
let stack: TestStack;
let page: Page;

beforeAll(async () => {
  app = await startAppSession();
  ({ stack, page } = app);
});
afterAll(() => app?.close());

test('an admin adds a staff member through Users → Add', async () => {
  await signIn(page, stack.apiUrl, 'admin@example.com', 'Admin#2026');
  await openFromSidebar(page, 'Users', 'Add');
  await page.getByRole('heading', { name: 'Add User', level: 1 }).waitFor();
  await page.getByLabel('Full name').fill(NEWCOMER.fullname);
  await page.getByLabel('Username').fill(NEWCOMER.username);
  await page.getByLabel('Email').fill(NEWCOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(NEWCOMER.password);
  expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
  await screenshot(page, 'users-add-light');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect.poll(() => page.getByText(`${NEWCOMER.fullname} can now sign in as staff.`).isVisible(), SLOW).toBe(true);
  await expectNoAlerts(page);

  const { rows } = await stack.db.query<{ role: string; confirmed: boolean }>(
    `select u.role, a.email_confirmed_at is not null as confirmed from public.users u join auth.users a on a.id = u.uuid where u.email = $1`,
    [NEWCOMER.email],
  );
  expect(rows).toEqual([{ role: 'staff', confirmed: true }]);

  await openFromSidebar(page, 'Users', 'Manage');
  await expect.poll(() => page.getByRole('cell', { name: NEWCOMER.fullname, exact: true }).isVisible(), SLOW).toBe(true);
  await screenshot(page, 'users-manage-light');
  await signOut(page, stack.apiUrl);
});

test('the new staff member signs in and is refused user administration', async () => {
  await signIn(page, stack.apiUrl, NEWCOMER.email, NEWCOMER.password);

  // The add form is closed to staff...
  await page.goto(`${stack.apiUrl}/users/add`);
  await page.getByRole('heading', { name: 'Add User', level: 1 }).waitFor();
  await expect.poll(() => page.getByText('Only admins can manage users.').isVisible(), SLOW).toBe(true);
  expect(await page.getByLabel('Full name').count()).toBe(0);
  await screenshot(page, 'users-add-refused-light');

  // ...the directory is read-only...
  await page.goto(`${stack.apiUrl}/users/manage`);
  await expect.poll(() => page.getByRole('cell', { name: 'Ada Admin', exact: true }).isVisible(), SLOW).toBe(true);
  expect(await page.getByRole('link', { name: 'Add User' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

  // ...and the server refuses even a hand-made call, changing nothing.
  const staff = await stack.signedIn(NEWCOMER.email, NEWCOMER.password);
  const before = await stack.db.query('select count(*)::int as n from public.users');
  const { error, response } = await staff.functions.invoke('admin-users', {
    body: { action: 'create', fullname: 'Mallory', username: 'mallory', email: 'mallory@example.com', password: 'Mallory#1' },
  });
  expect(error).not.toBeNull();
  expect(response?.status).toBe(403);
  const after = await stack.db.query('select count(*)::int as n from public.users');
  expect(after.rows).toEqual(before.rows);
});
