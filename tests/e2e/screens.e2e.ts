// Every main screen renders its heading with no error state, in the light and
// the dark theme; the screenshots are what a reviewer looks at.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestStack } from '../support/stack.ts';
import { startAppSession, screenshot, signIn, type AppSession } from './support/browser.ts';
import { SLOW, expectNoAlerts } from './support/app.ts';

let app: AppSession;
let stack: TestStack;
let page: Page;

/** Screens a guest sees, then screens of the console: [screenshot name, path, heading]. */
const PUBLIC: [string, string, string][] = [
  ['home', '/', 'History, told as stories'],
  ['privacy', '/privacy', 'Privacy Policy'],
  ['help', '/help', 'Help Center'],
  ['login', '/login', 'Login'],
];
const CONSOLE: [string, string, string][] = [
  ['dashboard', '/dashboard', 'Dashboard'],
  ['categories', '/category/manage', 'All Categories'],
  ['category-add', '/category/add', 'Add Category'],
  ['category-edit', '/category/edit/1/ancient-empires', 'Edit Category'],
  ['events', '/event/manage', 'All Events'],
  ['users', '/users/manage', 'Manage Users'],
  ['user-edit', '/users/edit/2', 'Edit User'],
  ['roles', '/users/roles', 'Roles'],
  ['profile', '/profile', 'Profile'],
  ['change-password', '/profile/change-password', 'Change password'],
  ['settings', '/settings', 'Settings'],
];

beforeAll(async () => {
  app = await startAppSession();
  ({ stack, page } = app);
});
afterAll(() => app?.close());

async function visit(name: string, path: string, heading: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => localStorage.setItem('color-theme', t), theme);
    await page.goto(`${stack.apiUrl}${path}`);
    await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor(SLOW);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    await expectNoAlerts(page);
    await screenshot(page, `${name}-${theme}`);
  }
}

test('public screens', async () => {
  await page.goto(`${stack.apiUrl}/`);
  for (const [name, path, heading] of PUBLIC) await visit(name, path, heading);
});

test('console screens, signed in as the admin', async () => {
  await page.evaluate(() => localStorage.setItem('color-theme', 'light'));
  await signIn(page, stack.apiUrl, 'admin@example.com', 'Admin#2026');
  for (const [name, path, heading] of CONSOLE) await visit(name, path, heading);
});
