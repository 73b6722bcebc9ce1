// `npm test`: every suite, one summary. vitest (unit, web, integration on the
// embedded stack), pgTAP (database behaviour on PGlite), then the browser
// end-to-end suite when a Chromium is found. Ends with `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './support/chromium.ts';

const root = join(import.meta.dirname, '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];

function run(label: string, cmd: string, args: string[], env: Record<string, string> = {}): number {
  console.log(`\n━━ ${label} ━━`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) problems.push(`${label} exited with ${r.status ?? r.signal}`);
  return r.status ?? 1;
}

/** Adds the counts of a suite that wrote a `{passed, failed, skipped}` JSON file. */
function addCounts(file: string): void {
  if (!existsSync(file)) return;
  const c = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped ?? 0;
}

const out = mkdtempSync(join(tmpdir(), 'tests-'));
const npx = 'npx';

// 1. vitest: unit, web, integration.
const vitestJson = join(out, 'vitest.json');
run('vitest (unit, web, integration)', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests + (v.numFailedTestSuites ?? 0);
  totals.skipped += v.numPendingTests + v.numTodoTests;
} else problems.push('vitest wrote no results');

// 2. pgTAP on PGlite.
if (existsSync(join(root, 'tests/db/run-pgtap.ts'))) {
  const pgtapJson = join(out, 'pgtap.json');
  run('pgTAP (PGlite)', npx, ['tsx', 'tests/db/run-pgtap.ts'], { PGTAP_RESULTS: pgtapJson });
  addCounts(pgtapJson);
}

// 3. Browser end to end, against a fresh build of the web app.
const chromium = findChromium();
if (!chromium) {
  console.log(
    "\nBrowser tests skipped: no Chromium found. Install Debian's (apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.",
  );
  if (process.env.CI) problems.push('CI requires the browser tests, but no Chromium was found');
} else if (run('build the web app', 'npm', ['run', 'build', '--silent']) === 0) {
  const e2eJson = join(out, 'e2e.json');
  run('end to end (Chromium)', npx, ['vitest', 'run', '--config', 'tests/e2e/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${e2eJson}`], {
    CHROMIUM_PATH: chromium,
  });
  if (existsSync(e2eJson)) {
    const v = JSON.parse(readFileSync(e2eJson, 'utf8'));
    if (v.numTotalTests === 0) problems.push('the browser suite ran no test');
    totals.passed += v.numPassedTests;
    totals.failed += v.numFailedTests + (v.numFailedTestSuites ?? 0);
  } else problems.push('the browser tests did not report results');
}

console.log('\n━━ summary ━━');
for (const p of problems) console.log(`problem: ${p}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length || totals.failed ? 1 : 0);
