// Chromium for the end-to-end suite, and screenshots of what a person sees.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestStack, type TestStack } from '../../support/stack.ts';
import type { StackOptions } from '../../../embedded/stack.ts';
import { CHROMIUM_ARGS, findChromium } from '../../support/chromium.ts';

/** Screenshots land here (git-ignored), one PNG per screen and theme. */
export const SCREENSHOT_DIR = join(import.meta.dirname, '../../../screenshots');

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: apt-get install chromium, or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in your account' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

export interface AppSession {
  stack: TestStack;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

/** A private stack serving the built web app, a Chromium, and a light-themed page. */
export async function startAppSession(options: StackOptions = {}): Promise<AppSession> {
  const stack = await startTestStack({ webDist: join(import.meta.dirname, '../../../web/dist'), ...options });
  const browser = await launchBrowser();
  const page = await browser.newPage({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
  return {
    stack,
    browser,
    page,
    async close() {
      await browser.close();
      await stack.stop();
    },
  };
}
