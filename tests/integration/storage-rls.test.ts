// storage.objects RLS decides, per role, as on Supabase: anon, authenticated
// (owner or not) and service_role; a refused upload leaves no row and no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { asUser, objectRows, png, storedFiles, startStorageStack } from '../fixtures/storage/helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStorageStack();
});
afterAll(async () => {
  await stack?.stop();
});

const RLS_ERROR = { name: 'StorageApiError', message: 'new row violates row-level security policy', status: 400, statusCode: '403' };

describe('anon', () => {
  it('cannot upload: 403 RLS error, nothing written', async () => {
    const files = storedFiles(stack);
    const { data, error } = await stack.anon().storage.from('images').upload('anon.png', png());
    expect(data).toBeNull();
    expect(error).toMatchObject(RLS_ERROR);
    expect(await objectRows(stack, 'images')).not.toContain('anon.png');
    expect(storedFiles(stack)).toEqual(files);
  });

  it('answers the raw error body in Storage shape', async () => {
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/anon2.png`, {
      method: 'POST',
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${stack.keys.anonKey}`, 'content-type': 'image/png' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'new row violates row-level security policy' });
  });

  it('cannot read private objects, can read public ones', async () => {
    const alice = await asUser(stack);
    await alice.client.storage.from('private').upload(`${alice.sub}/p.png`, png());
    await alice.client.storage.from('images').upload('pub-by-alice.png', png());
    expect((await stack.anon().storage.from('private').download(`${alice.sub}/p.png`)).error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    expect((await stack.anon().storage.from('images').download('pub-by-alice.png')).error).toBeNull();
    expect((await stack.anon().storage.from('private').list(alice.sub)).data).toEqual([]);
  });

  it('cannot delete anything (no rows returned, rows kept)', async () => {
    const alice = await asUser(stack);
    await alice.client.storage.from('images').upload('keep.png', png());
    const { data, error } = await stack.anon().storage.from('images').remove(['keep.png']);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    expect(await objectRows(stack, 'images')).toContain('keep.png');
  });
});

describe('authenticated', () => {
  it('may only write where a policy allows (own folder in private)', async () => {
    const alice = await asUser(stack);
    const ok = await alice.client.storage.from('private').upload(`${alice.sub}/mine.png`, png());
    expect(ok.error).toBeNull();
    const files = storedFiles(stack);
    const refused = await alice.client.storage.from('private').upload('someone-else/x.png', png());
    expect(refused.error).toMatchObject(RLS_ERROR);
    expect(await objectRows(stack, 'private')).not.toContain('someone-else/x.png');
    expect(storedFiles(stack)).toEqual(files);
  });

  it('reads own private objects, not other users\'', async () => {
    const alice = await asUser(stack);
    const bob = await asUser(stack);
    await alice.client.storage.from('private').upload(`${alice.sub}/r.png`, png());
    expect((await alice.client.storage.from('private').download(`${alice.sub}/r.png`)).error).toBeNull();
    expect((await bob.client.storage.from('private').download(`${alice.sub}/r.png`)).error).toMatchObject({ statusCode: '404' });
    expect((await alice.client.storage.from('private').list(alice.sub)).data!.map((e) => e.name)).toEqual(['r.png']);
    expect((await bob.client.storage.from('private').list(alice.sub)).data).toEqual([]);
  });

  it("cannot overwrite another user's object with upsert", async () => {
    const alice = await asUser(stack);
    const bob = await asUser(stack);
    await alice.client.storage.from('images').upload('owned.png', png());
    const { error } = await bob.client.storage.from('images').upload('owned.png', png(), { upsert: true });
    expect(error).toMatchObject(RLS_ERROR);
    const { rows } = await stack.db.query<{ owner_id: string }>(`select owner_id from storage.objects where bucket_id = 'images' and name = 'owned.png'`);
    expect(rows[0].owner_id).toBe(alice.sub);
  });

  it("deletes own objects; another user's single delete is refused", async () => {
    const alice = await asUser(stack);
    const bob = await asUser(stack);
    await alice.client.storage.from('images').upload('del-me.png', png());
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/del-me.png`, {
      method: 'DELETE',
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${bob.token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Access denied' });
    const res2 = await fetch(`${stack.apiUrl}/storage/v1/object/images/del-me.png`, {
      method: 'DELETE',
      headers: { apikey: stack.keys.anonKey, Authorization: `Bearer ${alice.token}` },
    });
    expect(await res2.json()).toEqual({ message: 'Successfully deleted' });
    expect(await objectRows(stack, 'images')).not.toContain('del-me.png');
  });

  it('cannot manage buckets (RLS on storage.buckets)', async () => {
    const alice = await asUser(stack);
    const { error } = await alice.client.storage.createBucket('mine');
    expect(error).toMatchObject(RLS_ERROR);
    expect((await alice.client.storage.listBuckets()).data).toEqual([]);
  });
});

describe('service_role', () => {
  it('bypasses RLS for objects', async () => {
    const svc = stack.service().storage;
    expect((await svc.from('private').upload('anywhere/s.png', png())).error).toBeNull();
    expect((await svc.from('private').download('anywhere/s.png')).error).toBeNull();
    expect((await svc.from('private').remove(['anywhere/s.png'])).data!.map((r) => r.name)).toEqual(['anywhere/s.png']);
  });

  it('creates, reads, updates, empties and deletes buckets', async () => {
    const svc = stack.service().storage;
    expect(await svc.createBucket('avatars', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['image/*'] })).toEqual({ data: { name: 'avatars' }, error: null });
    const dup = await svc.createBucket('avatars');
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const got = await svc.getBucket('avatars');
    expect(got.data).toMatchObject({ id: 'avatars', name: 'avatars', public: false, file_size_limit: 1000000, allowed_mime_types: ['image/*'] });
    expect((await svc.listBuckets()).data!.map((b) => b.id)).toEqual(['avatars', 'docs', 'images', 'private']);
    expect((await svc.updateBucket('avatars', { public: true })).data).toEqual({ message: 'Successfully updated' });
    expect((await svc.getBucket('avatars')).data!.public).toBe(true);

    await svc.from('avatars').upload('a.png', png());
    const notEmpty = await svc.deleteBucket('avatars');
    expect(notEmpty.error).toMatchObject({ statusCode: '409', message: 'The bucket you tried to delete is not empty' });
    expect((await svc.emptyBucket('avatars')).error).toBeNull();
    expect(await objectRows(stack, 'avatars')).toEqual([]);
    expect((await svc.deleteBucket('avatars')).data).toEqual({ message: 'Successfully deleted' });
    expect((await svc.getBucket('avatars')).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});
