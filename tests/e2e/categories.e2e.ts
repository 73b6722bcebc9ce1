// A person adds a category with an image and watches the server translate it
// into the 13 other languages without reloading; then changes only the image,
// which must cost no translation. The worker loop runs the real worker
// function; the real @google/genai SDK talks to a loopback fake of Gemini.
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { TestStack } from '../support/stack.ts';
import { defaultBehaviour, startFakeGemini, type FakeGemini } from '../fakes/gemini.ts';
import { clearJobs } from '../fakes/pipeline.ts';
import { screenshot, signIn, startAppSession, type AppSession } from './support/browser.ts';
import { SLOW, expectNoAlerts, markDocument, openFromSidebar, solidPng, stillSameDocument } from './support/app.ts';

const NAME = 'Ancient Empires';
const DESCRIPTION = 'Rise and fall of the great empires.';
const LANGUAGES = 14;

let gemini: FakeGemini;
let app: AppSession;
let stack: TestStack;
let page: Page;
let categoryId: number;
/** Lets the fake model answer (held back in the first test). */
let release: () => void = () => {};

beforeAll(async () => {
  gemini = await startFakeGemini({ latencyMs: 20 });
  // The stack's functions read these at call time, in this (forked) test process.
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.GEMINI_MODEL = 'gemini-test-flash';
  delete process.env.GEMINI_API_KEY; // the seed's own jobs wait instead of running
  app = await startAppSession({ worker: true, workerIntervalMs: 500 });
  ({ stack, page } = app);
  await clearJobs(stack); // the seed's work is not this test's business
  process.env.GEMINI_API_KEY = 'test-key';
  gemini.reset();
});

afterAll(async () => {
  release();
  await app?.close();
  await gemini?.close();
  delete process.env.GEMINI_API_KEY;
});

/** The row of our category in the list. */
const listRow = (p: Page): Locator => p.getByRole('row').filter({ has: p.getByText(NAME, { exact: true }) });

/** The per-language chips of one list row, by state (their title is "Language: state"). */
async function chipStates(row: Locator): Promise<string[]> {
  const chips = row.getByRole('list', { name: 'Translation state per language' }).getByRole('listitem');
  return (await chips.evaluateAll((els) => els.map((e) => (e.getAttribute('title') ?? '').split(':')[1]?.trim().split(' ')[0] ?? '')));
}

/** The state badges of the edit page's translation panel, one per language. */
async function panelStates(p: Page): Promise<string[]> {
  const items = p.getByRole('region', { name: 'Translations' }).getByRole('listitem');
  return items.evaluateAll((els) => els.map((li) => li.querySelector('button span.rounded')?.textContent?.trim() ?? ''));
}

const countJobs = async (kind: string) => {
  const { rows } = await stack.db.query<{ n: number }>(
    `select count(*)::int as n from public.jobs where entity_table = 'categories' and entity_id = $1 and kind::text = $2`,
    [categoryId, kind],
  );
  return Number(rows[0].n);
};

const queueSettled = async () => {
  const { rows } = await stack.db.query<{ n: number }>(`select count(*)::int as n from public.jobs where status in ('pending', 'running')`);
  return Number(rows[0].n) === 0;
};

test('a new category with an image gets its 13 translations, shown without a reload', async () => {
  await signIn(page, stack.apiUrl, 'admin@example.com', 'Admin#2026');
  await openFromSidebar(page, 'Categories', 'Add');
  await page.waitForURL(`${stack.apiUrl}/category/add`);
  await page.getByRole('heading', { name: 'Add Category', level: 1 }).waitFor();

  // The model answers only when the test says so, so the person first sees the
  // languages waiting, then sees them arrive.
  const gate = new Promise<void>((resolve) => (release = resolve));
  gemini.behaviour = async (call, i) => {
    await gate;
    return defaultBehaviour(call, i);
  };

  await page.getByLabel('Name').fill(NAME);
  await page.getByLabel('Description').fill(DESCRIPTION);
  await page.getByLabel('Feature Image').setInputFiles({ name: 'empires.png', mimeType: 'image/png', buffer: solidPng([200, 40, 40]) });
  await expect.poll(() => page.getByRole('img', { name: 'Feature Image preview' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('PNG, JPG or GIF (MAX. 5MB)').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: 'Category added.' }).isVisible(), SLOW)
    .toBe(true);
  await expectNoAlerts(page);

  const { rows } = await stack.db.query<{ id: number; image_url: string | null }>(
    `select c.id::int as id, c.image_url from public.categories c join public.category_translations t on t.category_id = c.id and t.language_code = 'en' where t.name = $1`,
    [NAME],
  );
  expect(rows).toHaveLength(1);
  categoryId = rows[0].id;
  expect(rows[0].image_url).toMatch(/\/storage\/v1\/object\/public\/categories\/.+/);
  // The uploaded file is served back as the PNG we chose.
  const img = await fetch(rows[0].image_url!);
  expect(img.status).toBe(200);
  expect(img.headers.get('content-type')).toMatch(/^image\/png/);

  // The list: each language's state chip turns to done while the page stays put.
  await openFromSidebar(page, 'Categories', 'Manage');
  await page.waitForURL(`${stack.apiUrl}/category/manage`);
  await page.getByRole('heading', { name: 'All Categories', level: 1 }).waitFor();
  await markDocument(page);
  const row = listRow(page);
  await expect.poll(() => row.count(), SLOW).toBe(1);
  // English is the source; the 13 others wait for the model.
  await expect.poll(() => chipStates(row), SLOW).toEqual(['done', ...Array(LANGUAGES - 1).fill('pending')]);
  await expect.poll(() => row.getByText(`1 of ${LANGUAGES} languages translated.`).count()).toBe(1);
  await screenshot(page, 'categories-pending-light');
  release();
  await expect.poll(() => chipStates(row), SLOW).toEqual(Array(LANGUAGES).fill('done'));
  await expect.poll(() => row.getByText(`${LANGUAGES} of ${LANGUAGES} languages translated.`).count()).toBe(1);
  expect(await stillSameDocument(page)).toBe(true);
  await screenshot(page, 'categories-translated-light');

  // One model call per other language, nothing more.
  await expect.poll(() => queueSettled(), SLOW).toBe(true);
  expect(gemini.calls).toHaveLength(LANGUAGES - 1);
  expect(new Set(gemini.calls.map((c) => /language code ([A-Za-z_]+)/.exec(c.prompt)?.[1])).size).toBe(LANGUAGES - 1);

  // The edit page shows the 14 languages done, and the machine's French.
  await row.getByRole('link', { name: 'Update' }).click();
  await page.waitForURL(new RegExp(`/category/edit/${categoryId}/`));
  await page.getByRole('heading', { name: 'Edit Category', level: 1 }).waitFor();
  await expect.poll(() => panelStates(page), SLOW).toEqual(Array(LANGUAGES).fill('done'));
  await expect.poll(() => page.getByText(`[fr] ${NAME}`).first().isVisible()).toBe(true);
  expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(NAME);
  await expectNoAlerts(page);
});

test('changing only the image makes no new translation', async () => {
  expect(categoryId).toBeTypeOf('number');
  const before = await stack.db.query<{ image_url: string; translated: string[] }>(
    `select c.image_url, array_agg(t.translated_at::text order by t.language_code) as translated
       from public.categories c join public.category_translations t on t.category_id = c.id where c.id = $1 group by c.image_url`,
    [categoryId],
  );
  const translateJobsBefore = await countJobs('translate');
  gemini.reset();

  await page.getByRole('heading', { name: 'Edit Category', level: 1 }).waitFor();
  await page.getByLabel('Feature Image').setInputFiles({ name: 'empires-blue.png', mimeType: 'image/png', buffer: solidPng([30, 60, 220]) });
  await expect.poll(() => page.getByRole('img', { name: 'Feature Image preview' }).getAttribute('src')).toMatch(/^blob:/);
  await page.getByRole('button', { name: 'Update' }).click();
  await page.waitForURL(`${stack.apiUrl}/category/manage`);
  await page.getByRole('heading', { name: 'All Categories', level: 1 }).waitFor();

  // The image did change on the server...
  await expect
    .poll(async () => (await stack.db.query<{ image_url: string }>('select image_url from public.categories where id = $1', [categoryId])).rows[0].image_url, SLOW)
    .not.toBe(before.rows[0].image_url);
  // ...and once the worker has done what the change queued (the palette), no model was asked anything.
  await expect.poll(() => queueSettled(), SLOW).toBe(true);
  expect(gemini.calls).toHaveLength(0);
  expect(await countJobs('translate')).toBe(translateJobsBefore);
  const after = await stack.db.query<{ translated: string[] }>(
    `select array_agg(t.translated_at::text order by t.language_code) as translated from public.category_translations t where t.category_id = $1`,
    [categoryId],
  );
  expect(after.rows[0].translated).toEqual(before.rows[0].translated);

  // The person sees every language still done, in the list and on the edit page.
  const row = listRow(page);
  await expect.poll(() => chipStates(row), SLOW).toEqual(Array(LANGUAGES).fill('done'));
  await row.getByRole('link', { name: 'Update' }).click();
  await page.getByRole('heading', { name: 'Edit Category', level: 1 }).waitFor();
  await expect.poll(() => panelStates(page), SLOW).toEqual(Array(LANGUAGES).fill('done'));
  await expect.poll(() => page.getByRole('img', { name: 'Feature Image preview' }).getAttribute('src')).not.toBe(before.rows[0].image_url);
  await expectNoAlerts(page);
  await screenshot(page, 'category-edit-image-changed-light');
  expect(gemini.calls).toHaveLength(0);
});
