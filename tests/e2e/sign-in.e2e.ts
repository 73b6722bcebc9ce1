// A person signs in to the built console on the embedded stack.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestStack } from '../support/stack.ts';
import { startAppSession, screenshot, signIn, type AppSession } from './support/browser.ts';

let app: AppSession;
let stack: TestStack;
let page: Page;

beforeAll(async () => {
  app = await startAppSession();
  ({ stack, page } = app);
});
afterAll(() => app?.close());

test('a wrong password shows "Incorrect email or password"', async () => {
  await page.goto(`${stack.apiUrl}/login`);
  await screenshot(page, 'login-light');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in your account' }).click();
  await expect.poll(() => page.getByText('Incorrect email or password').isVisible()).toBe(true);
  expect(page.url()).toBe(`${stack.apiUrl}/login`);
});

test('the seeded admin signs in and sees the dashboard with real counts', async () => {
  await signIn(page, stack.apiUrl, 'admin@example.com', 'Admin#2026');
  const { rows } = await stack.db.query<{ n: number }>('select count(*)::int as n from public.events');
  await expect.poll(() => page.getByText(String(rows[0].n), { exact: true }).first().isVisible()).toBe(true);
  await screenshot(page, 'dashboard-light');
});

test('the dark theme persists across reloads', async () => {
  const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
  expect(await isDark()).toBe(false);
  await page.getByRole('button', { name: 'Toggle dark mode' }).click();
  expect(await isDark()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Toggle dark mode' }).waitFor();
  expect(await isDark()).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('dark');
  await screenshot(page, 'dashboard-dark');
});
