// A person who forgot their password: the form sends a mail, the outbox holds
// its link, the link opens /reset-password, the new password signs them in.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestStack } from '../support/stack.ts';
import { startAppSession, screenshot, signIn, type AppSession } from './support/browser.ts';
import { SLOW } from './support/app.ts';

const EMAIL = 'staff@example.com';
const NEW_PASSWORD = 'Bastille#1789';

let app: AppSession;
let stack: TestStack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startAppSession();
  ({ stack, browser, page } = app);
});
afterAll(() => app?.close());

test('forgot password → outbox link → new password → sign in', async () => {
  await page.goto(`${stack.apiUrl}/login`);
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await page.waitForURL(`${stack.apiUrl}/forgot-password`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect.poll(() => page.getByText(`If an account exists for ${EMAIL}`).isVisible(), SLOW).toBe(true);
  await screenshot(page, 'forgot-password-light');

  // The mail is in the outbox page, with its link.
  await expect.poll(() => stack.outbox.list(EMAIL).length, SLOW).toBe(1);
  const [mail] = stack.outbox.list(EMAIL);
  expect(mail.subject).toBe('Reset Your Password');
  const outbox = await browser.newPage();
  await outbox.goto(stack.outboxUrl);
  const link = outbox.getByRole('link', { name: /\/auth\/v1\/verify\?/ }).first();
  const href = await link.getAttribute('href');
  expect(href).toBe(mail.links[0]);
  await outbox.close();

  // Following it lands on the app's reset form.
  await page.goto(href!);
  await page.waitForURL(/\/reset-password/);
  await page.getByLabel('Confirm password', { exact: true }).waitFor(SLOW);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect.poll(() => page.getByText('Your password has been updated.').isVisible(), SLOW).toBe(true);
  await screenshot(page, 'reset-password-done-light');

  // The old password no longer works; the new one does.
  const old = await stack.anon().auth.signInWithPassword({ email: EMAIL, password: 'Staff#2026' });
  expect(old.error?.code).toBe('invalid_credentials');
  await page.evaluate(() => localStorage.clear());
  await signIn(page, stack.apiUrl, EMAIL, NEW_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  // A link is good once.
  await page.goto(href!);
  await expect.poll(() => page.url(), SLOW).toMatch(/error/);
});
