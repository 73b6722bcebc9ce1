// Upload and download through supabase-js: what a Supabase project answers for
// creates, duplicates, upserts, updates, limits and mime types, and the
// headers of the bytes served back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { asUser, objectRows, PNG, png, storedFiles, startStorageStack } from '../fixtures/storage/helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStorageStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('upload', () => {
  it('creates an object and answers { path, id, fullPath }', async () => {
    const { client, sub } = await asUser(stack);
    const { data, error } = await client.storage.from('images').upload('events/a.png', png());
    expect(error).toBeNull();
    expect(data).toEqual({ path: 'events/a.png', id: expect.stringMatching(/^[0-9a-f-]{36}$/), fullPath: 'images/events/a.png' });
    const { rows } = await stack.db.query<{ owner_id: string; metadata: Record<string, unknown> }>(
      `select owner_id, metadata from storage.objects where bucket_id = 'images' and name = 'events/a.png'`,
    );
    expect(rows[0].owner_id).toBe(sub);
    expect(rows[0].metadata).toMatchObject({ size: PNG.length, mimetype: 'image/png', cacheControl: 'max-age=3600', httpStatusCode: 200 });
  });

  it('refuses a second create at the same path: 409 Duplicate', async () => {
    const { client } = await asUser(stack);
    await client.storage.from('images').upload('dup.png', png());
    const { data, error } = await client.storage.from('images').upload('dup.png', png());
    expect(data).toBeNull();
    expect(error).toMatchObject({ name: 'StorageApiError', message: 'The resource already exists', status: 400, statusCode: '409' });
  });

  it('replaces with upsert and with update, keeping one file on disk', async () => {
    const { client } = await asUser(stack);
    const before = storedFiles(stack).length;
    await client.storage.from('images').upload('up.png', png());
    const bigger = Buffer.concat([PNG, Buffer.from('xx')]);
    const up = await client.storage.from('images').upload('up.png', png(bigger), { upsert: true });
    expect(up.error).toBeNull();
    const upd = await client.storage.from('images').update('up.png', png(Buffer.concat([bigger, Buffer.from('y')])));
    expect(upd.error).toBeNull();
    expect(storedFiles(stack).length).toBe(before + 1);
    const { data } = await client.storage.from('images').download('up.png');
    expect(data!.size).toBe(bigger.length + 1);
  });

  it('takes a raw body typed by contentType', async () => {
    const { client } = await asUser(stack);
    const { error } = await client.storage.from('images').upload('raw.png', PNG, { contentType: 'image/png', cacheControl: '60' });
    expect(error).toBeNull();
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/public/images/raw.png`);
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
  });
});

describe('limits and mime types', () => {
  it('refuses a file over the bucket limit with 413 Payload too large, storing nothing', async () => {
    const { client } = await asUser(stack);
    const filesBefore = storedFiles(stack);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    const { data, error } = await client.storage.from('images').upload('big.png', png(big));
    expect(data).toBeNull();
    expect(error).toMatchObject({ message: 'The object exceeded the maximum allowed size', status: 400, statusCode: '413' });
    expect(await objectRows(stack, 'images')).not.toContain('big.png');
    expect(storedFiles(stack)).toEqual(filesBefore);
  });

  it('refuses a raw body whose Content-Length is over the limit before reading it', async () => {
    const { token } = await asUser(stack);
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/big-raw.png`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: stack.keys.anonKey, 'content-type': 'image/png' },
      body: Buffer.alloc(5 * 1024 * 1024 + 10),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it('refuses a type the bucket does not allow with 415 invalid_mime_type', async () => {
    const { client } = await asUser(stack);
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' });
    const { error } = await client.storage.from('images').upload('x.svg', svg);
    expect(error).toMatchObject({ message: 'mime type image/svg+xml is not supported', status: 400, statusCode: '415' });
    expect(await objectRows(stack, 'images')).not.toContain('x.svg');
  });

  it('accepts a wildcard type (text/*) and enforces a tiny limit', async () => {
    const { client, sub } = await asUser(stack);
    const ok = await client.storage.from('docs').upload(`${sub}/a.txt`, new Blob(['hello'], { type: 'text/markdown' }));
    expect(ok.error).toBeNull();
    const tooBig = await client.storage.from('docs').upload(`${sub}/b.txt`, new Blob([Buffer.alloc(1025, 97)], { type: 'text/plain' }));
    expect(tooBig.error).toMatchObject({ statusCode: '413' });
    const wrong = await client.storage.from('docs').upload(`${sub}/c.png`, png());
    expect(wrong.error).toMatchObject({ statusCode: '415', message: 'mime type image/png is not supported' });
  });
});

describe('download', () => {
  it('serves public objects with Storage headers, no auth needed', async () => {
    const { client } = await asUser(stack);
    await client.storage.from('images').upload('pub/h.png', png());
    const url = stack.anon().storage.from('images').getPublicUrl('pub/h.png').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(PNG.length));
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(new Date(res.headers.get('last-modified')!).getTime()).toBeGreaterThan(0);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);

    const again = await fetch(url, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);

    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(PNG.length));

    const dl = await fetch(stack.anon().storage.from('images').getPublicUrl('pub/h.png', { download: 'my pic.png' }).data.publicUrl);
    expect(dl.headers.get('content-disposition')).toBe("attachment; filename=my%20pic.png; filename*=UTF-8''my%20pic.png");
    const dl2 = await fetch(url + '?download');
    expect(dl2.headers.get('content-disposition')).toBe('attachment;');
  });

  it('answers the public route for a private bucket as Bucket not found', async () => {
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/public/private/x.png`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
  });

  it('answers an unknown object as Object not found', async () => {
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/public/images/nope.png`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const { error } = await stack.anon().storage.from('images').download('nope.png');
    expect(error).toMatchObject({ name: 'StorageApiError', status: 400, statusCode: '404', message: 'Object not found' });
  });

  it('reports exists() and info()', async () => {
    const { client } = await asUser(stack);
    await client.storage.from('images').upload('info.png', png(), { metadata: { caption: 'hi' } });
    expect((await client.storage.from('images').exists('info.png')).data).toBe(true);
    expect((await client.storage.from('images').exists('missing.png')).data).toBe(false);
    const { data, error } = await client.storage.from('images').info('info.png');
    expect(error).toBeNull();
    expect(data).toMatchObject({ name: 'info.png', bucketId: 'images', size: PNG.length, contentType: 'image/png', metadata: { caption: 'hi' } });
  });
});
