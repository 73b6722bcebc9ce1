// list(), remove(), move/copy and signed URLs through supabase-js.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../embedded/jwt.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { asUser, objectRows, PNG, png, storedFiles } from '../fixtures/storage/helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    migrationsDir: join(import.meta.dirname, '../fixtures/storage/migrations'),
    seedFile: join(import.meta.dirname, '../fixtures/storage/no-seed.sql'),
  });
  const svc = stack.service().storage.from('images');
  for (const p of ['list/b.png', 'list/A.png', 'list/c/one.png', 'list/c/two.png', 'list/d/x.png', 'list/c.png']) {
    const { error } = await svc.upload(p, png());
    if (error) throw error;
  }
});
afterAll(async () => {
  await stack?.stop();
});

describe('list', () => {
  it('lists one level: folders with null id/metadata, files with their metadata, names relative', async () => {
    const { data, error } = await stack.anon().storage.from('images').list('list');
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(['A.png', 'b.png', 'c.png', 'c', 'd']);
    const folder = data!.find((e) => e.name === 'c')!;
    expect(folder).toEqual({ name: 'c', id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    const file = data!.find((e) => e.name === 'b.png')!;
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(file.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(file.metadata).toEqual({
      eTag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      size: PNG.length,
      mimetype: 'image/png',
      cacheControl: 'max-age=3600',
      lastModified: expect.any(String),
      contentLength: PNG.length,
      httpStatusCode: 200,
    });
  });

  it('honours limit, offset, sort order and search', async () => {
    const from = stack.anon().storage.from('images');
    const page = await from.list('list', { limit: 2, offset: 1 });
    expect(page.data!.map((e) => e.name)).toEqual(['b.png', 'c.png']);
    const desc = await from.list('list', { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((e) => e.name)).toEqual(['d', 'c', 'c.png', 'b.png', 'A.png']);
    const search = await from.list('list', { search: 'c' });
    expect(search.data!.map((e) => e.name)).toEqual(['c.png', 'c']);
    const byDate = await from.list('list', { sortBy: { column: 'created_at', order: 'asc' } });
    expect(byDate.data!.slice(0, 2).map((e) => e.name)).toEqual(['c', 'd']);
    const nested = await from.list('list/c');
    expect(nested.data!.map((e) => e.name)).toEqual(['one.png', 'two.png']);
  });

  it('lists an empty array for a missing prefix or bucket', async () => {
    expect((await stack.anon().storage.from('images').list('nothing-here')).data).toEqual([]);
    expect((await stack.anon().storage.from('no-such-bucket').list()).data).toEqual([]);
  });
});

describe('remove', () => {
  it('deletes what RLS permits and returns the deleted rows; files leave the disk', async () => {
    const alice = await asUser(stack);
    const bob = await asUser(stack);
    await alice.client.storage.from('images').upload('rm/a1.png', png());
    await alice.client.storage.from('images').upload('rm/a2.png', png());
    await bob.client.storage.from('images').upload('rm/b1.png', png());
    const filesBefore = storedFiles(stack).length;

    const { data, error } = await alice.client.storage.from('images').remove(['rm/a1.png', 'rm/b1.png', 'rm/none.png']);
    expect(error).toBeNull();
    expect(data!.map((r) => r.name)).toEqual(['rm/a1.png']);
    expect(data![0]).toMatchObject({ bucket_id: 'images', owner_id: alice.sub, id: expect.any(String), metadata: { mimetype: 'image/png' } });
    expect(await objectRows(stack, 'images')).toEqual(expect.arrayContaining(['rm/a2.png', 'rm/b1.png']));
    expect(await objectRows(stack, 'images')).not.toContain('rm/a1.png');
    expect(storedFiles(stack).length).toBe(filesBefore - 1);
  });

  it('moves and copies objects', async () => {
    const alice = await asUser(stack);
    const from = alice.client.storage.from('images');
    await from.upload('mv/src.png', png());
    const moved = await from.move('mv/src.png', 'mv/dst.png');
    expect(moved.error).toBeNull();
    expect(moved.data).toMatchObject({ message: 'Successfully moved' });
    const copied = await from.copy('mv/dst.png', 'mv/copy.png');
    expect(copied.error).toBeNull();
    expect(copied.data).toEqual({ path: 'images/mv/copy.png' });
    expect((await from.list('mv')).data!.map((e) => e.name)).toEqual(['copy.png', 'dst.png']);
    const missing = await from.move('mv/none.png', 'mv/x.png');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });
});

describe('signed URLs', () => {
  it('signs one path and serves it to anyone until it expires', async () => {
    const alice = await asUser(stack);
    await alice.client.storage.from('private').upload(`${alice.sub}/secret.png`, png());
    const { data, error } = await alice.client.storage.from('private').createSignedUrl(`${alice.sub}/secret.png`, 60);
    expect(error).toBeNull();
    expect(data!.signedUrl).toMatch(new RegExp(`^${stack.apiUrl}/storage/v1/object/sign/private/${alice.sub}/secret.png\\?token=`));
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('expires')).toBeTruthy();
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const dl = await alice.client.storage.from('private').createSignedUrl(`${alice.sub}/secret.png`, 60, { download: 'x.png' });
    expect((await fetch(dl.data!.signedUrl)).headers.get('content-disposition')).toContain('filename=x.png');
  });

  it('will not sign what the caller cannot see', async () => {
    const alice = await asUser(stack);
    const bob = await asUser(stack);
    await alice.client.storage.from('private').upload(`${alice.sub}/mine.png`, png());
    const { error } = await bob.client.storage.from('private').createSignedUrl(`${alice.sub}/mine.png`, 60);
    expect(error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('signs in bulk, reporting paths it cannot sign', async () => {
    const alice = await asUser(stack);
    await alice.client.storage.from('private').upload(`${alice.sub}/1.png`, png());
    const { data, error } = await alice.client.storage.from('private').createSignedUrls([`${alice.sub}/1.png`, `${alice.sub}/nope.png`], 60);
    expect(error).toBeNull();
    expect(data![0]).toMatchObject({ error: null, path: `${alice.sub}/1.png`, signedURL: expect.stringContaining('/object/sign/private/') });
    expect(data![1]).toEqual({ error: 'Either the object does not exist or you do not have access to it', path: `${alice.sub}/nope.png`, signedURL: null, signedUrl: null });
    expect((await fetch(data![0].signedUrl!)).status).toBe(200);
  });

  it('refuses expired, forged and mismatched tokens', async () => {
    const alice = await asUser(stack);
    const path = `${alice.sub}/t.png`;
    await alice.client.storage.from('private').upload(path, png());
    const base = `${stack.apiUrl}/storage/v1/object/sign/private/${path}`;

    const expired = await signJwt({ url: `private/${path}`, scope: 'download', exp: Math.floor(Date.now() / 1000) - 10 }, stack.keys.jwtSecret);
    let res = await fetch(`${base}?token=${expired}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });

    const forged = await signJwt({ url: `private/${path}`, exp: Math.floor(Date.now() / 1000) + 60 }, 'not-the-secret-not-the-secret-123');
    res = await fetch(`${base}?token=${forged}`);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'signature verification failed' });

    const other = await signJwt({ url: `private/${alice.sub}/other.png`, exp: Math.floor(Date.now() / 1000) + 60 }, stack.keys.jwtSecret);
    res = await fetch(`${base}?token=${other}`);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Invalid signature' });

    res = await fetch(base);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
  });
});
