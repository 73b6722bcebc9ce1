// STORAGE_FILE_SIZE_LIMIT caps every upload, below any bucket's own limit.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { asUser, png, storedFiles } from '../fixtures/storage/helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  // Read when the storage module is built; this file runs in its own worker.
  process.env.STORAGE_FILE_SIZE_LIMIT = '1KB';
  stack = await startTestStack({
    migrationsDir: join(import.meta.dirname, '../fixtures/storage/migrations'),
    seedFile: join(import.meta.dirname, '../fixtures/storage/no-seed.sql'),
  });
});
afterAll(async () => {
  delete process.env.STORAGE_FILE_SIZE_LIMIT;
  await stack?.stop();
});

it('refuses an upload over the global limit even where the bucket allows it', async () => {
  const { client, sub } = await asUser(stack);
  const files = storedFiles(stack);
  const { error } = await client.storage.from('private').upload(`${sub}/big.bin`, new Blob([Buffer.alloc(1001)], { type: 'application/octet-stream' }));
  expect(error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  expect(storedFiles(stack)).toEqual(files);
  const ok = await client.storage.from('private').upload(`${sub}/small.bin`, new Blob([Buffer.alloc(1000)], { type: 'application/octet-stream' }));
  expect(ok.error).toBeNull();
  expect((await client.storage.from('images').upload('p.png', png())).error).toBeNull();
});
