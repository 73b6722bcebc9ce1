// Small helpers the browser flows share: a real PNG made in memory, the
// sidebar and the user menu driven as a person would, and a no-reload marker.
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Default wait for things the server does (jobs, mail) on a loaded CI machine. */
export const SLOW = { timeout: 60_000, interval: 250 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid size×size RGB PNG filled with one colour (a few hundred bytes). */
export function solidPng([r, g, b]: [number, number, number], size = 16): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Opens a sidebar group (if closed) and follows one of its links. */
export async function openFromSidebar(page: Page, group: string, link: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Console' });
  const toggle = nav.getByRole('button', { name: group, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await nav.getByRole('link', { name: link, exact: true }).click();
}

/** User menu → Sign out, and wait for /login. */
export async function signOut(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Login', level: 1 }).waitFor();
}

/** Marks the current document; `stillSameDocument` fails after any reload or full navigation. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __e2eMark?: boolean }).__e2eMark = true));
}
export async function stillSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

/** Visible alerts (error banners and error states) on the page, by text. */
export async function visibleAlerts(page: Page): Promise<string[]> {
  const alerts = page.getByRole('alert');
  const out: string[] = [];
  for (const a of await alerts.all()) if (await a.isVisible()) out.push((await a.innerText()).trim());
  return out;
}

export async function expectNoAlerts(page: Page): Promise<void> {
  expect(await visibleAlerts(page)).toEqual([]);
}
