// The web host serves real files, whether its folder is given absolute or relative.
import { relative } from 'node:path';
import { expect, test } from 'vitest';
import { webApp } from '../../embedded/web.ts';

const fixture = `${import.meta.dirname}/../fixtures/stack/web`;

test.each([
  ['absolute', fixture],
  ['relative', relative(process.cwd(), fixture)],
])('serves an asset from a %s folder, and index.html for app routes', async (_, dir) => {
  const app = webApp(dir, () => '');
  const js = await app.request('/assets/app.js');
  expect(js.headers.get('content-type')).toContain('javascript');
  expect(await js.text()).toBe('console.log("app")\n');
  expect(await (await app.request('/users/edit/3')).text()).toContain('fixture app');
});
