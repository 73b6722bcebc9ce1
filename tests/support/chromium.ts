import { existsSync } from 'node:fs';

/** A Chromium to drive: CHROMIUM_PATH, else Debian's, else none. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Flags that keep Chromium quiet and working on a machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
