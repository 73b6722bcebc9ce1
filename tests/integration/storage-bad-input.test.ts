// Bad input never crashes the stack and is answered as Storage answers it:
// path traversal and unsafe keys, forged/expired JWTs, missing buckets,
// malformed JSON, missing fields.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../embedded/jwt.ts';
import type { TestStack } from '../support/stack.ts';
import { asUser, clientWithToken, objectRows, png, storedFiles, startStorageStack } from '../fixtures/storage/helpers.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startStorageStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** Sends a request with the path exactly as given (fetch would normalise `..`). */
function rawRequest(method: string, path: string, token: string, body?: Buffer): Promise<{ status: number; json: any }> {
  const url = new URL(stack.apiUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, method, path, headers: { authorization: `Bearer ${token}`, apikey: stack.keys.anonKey, 'content-type': 'image/png' } },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json: any = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch {
            // Paths the URL parser normalised out of /storage/v1 get the web app's plain 404.
          }
          resolve({ status: res.statusCode!, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('keys', () => {
  it('refuses traversal and unsafe keys with Invalid key, writing nothing', async () => {
    const { token } = await asUser(stack);
    const files = storedFiles(stack);
    const bad = [
      '/storage/v1/object/images/../../secret.png',
      '/storage/v1/object/images/a/%2e%2e/%2e%2e/x.png',
      '/storage/v1/object/images/a%2F..%2F..%2Fx.png',
      '/storage/v1/object/images/a/./x.png',
      '/storage/v1/object/images/%2Fetc%2Fpasswd',
      '/storage/v1/object/images/a%5Cb.png',
      '/storage/v1/object/images/a%00b.png',
      '/storage/v1/object/images/a%0Ab.png',
      '/storage/v1/object/images/caf%C3%A9.png',
      `/storage/v1/object/images/${'a'.repeat(1025)}`,
    ];
    for (const path of bad) {
      const res = await rawRequest('POST', path, token, Buffer.from('x'));
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      if (res.json?.code) expect(res.json.code, path).toMatch(/InvalidKey|NoSuchBucket|InvalidRequest/);
    }
    const one = await rawRequest('POST', '/storage/v1/object/images/a%2F..%2F..%2Fx.png', token, Buffer.from('x'));
    expect(one.json).toEqual({ statusCode: '400', code: 'InvalidKey', error: 'InvalidKey', message: 'Invalid key: a/../../x.png' });
    expect(storedFiles(stack)).toEqual(files);
    expect(await objectRows(stack, 'images')).toEqual([]);
  });

  it('refuses `../` through supabase-js too', async () => {
    const { client } = await asUser(stack);
    const { data, error } = await client.storage.from('images').upload('a/../../../x.png', png());
    expect(data).toBeNull();
    expect(error).not.toBeNull();
    const dl = await client.storage.from('images').download('../private/x.png');
    expect(dl.error).not.toBeNull();
    expect(await objectRows(stack, 'images')).toEqual([]);
  });

  it('refuses an empty name', async () => {
    const { token } = await asUser(stack);
    const res = await rawRequest('POST', '/storage/v1/object/images/', token, Buffer.from('x'));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('callers', () => {
  it('refuses a forged JWT with AccessDenied', async () => {
    const forged = await signJwt({ sub: 'x', role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, 'a-different-secret-a-different-secret');
    const { error } = await clientWithToken(stack, forged).storage.from('images').upload('f.png', png());
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: 'signature verification failed' });
    const list = await clientWithToken(stack, forged).storage.listBuckets();
    expect(list.error).toMatchObject({ statusCode: '403', message: 'signature verification failed' });
  });

  it('refuses an expired JWT', async () => {
    const expired = await signJwt({ sub: 'x', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 60 }, stack.keys.jwtSecret);
    const { error } = await clientWithToken(stack, expired).storage.from('images').list();
    expect(error).toMatchObject({ status: 400, statusCode: '403', message: '"exp" claim timestamp check failed' });
  });

  it('treats an invalid JWT as anon on plain GET (public bucket still served)', async () => {
    await stack.service().storage.from('images').upload('open.png', png());
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/open.png`, { headers: { Authorization: 'Bearer garbage' } });
    expect(res.status).toBe(200);
    const priv = await fetch(`${stack.apiUrl}/storage/v1/object/private/x.png`, { headers: { Authorization: 'Bearer garbage' } });
    expect(await priv.json()).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });
});

describe('requests', () => {
  it('answers a missing bucket with Bucket not found', async () => {
    const { client } = await asUser(stack);
    const { error } = await client.storage.from('nope').upload('a.png', png());
    expect(error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
    const { error: e2 } = await client.storage.from('nope').download('a.png');
    expect(e2).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
  });

  it('answers malformed JSON and missing fields with 400', async () => {
    const headers = { Authorization: `Bearer ${stack.keys.serviceRoleKey}`, apikey: stack.keys.anonKey, 'content-type': 'application/json' };
    let res = await fetch(`${stack.apiUrl}/storage/v1/object/list/images`, { method: 'POST', headers, body: '{"prefix":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' });
    res = await fetch(`${stack.apiUrl}/storage/v1/object/list/images`, { method: 'POST', headers, body: '{}' });
    expect(await res.json()).toMatchObject({ statusCode: '400', message: "body must have required property 'prefix'" });
    res = await fetch(`${stack.apiUrl}/storage/v1/object/images`, { method: 'DELETE', headers, body: '[1' });
    expect(res.status).toBe(400);
    res = await fetch(`${stack.apiUrl}/storage/v1/object/sign/images/a.png`, { method: 'POST', headers, body: '{"expiresIn":"soon"}' });
    expect(await res.json()).toMatchObject({ statusCode: '400', message: 'body/expiresIn must be integer' });
    res = await fetch(`${stack.apiUrl}/storage/v1/bucket`, { method: 'POST', headers, body: JSON.stringify({ name: 'bad/name' }) });
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidBucketName', message: 'Bucket name invalid' });
    res = await fetch(`${stack.apiUrl}/storage/v1/nowhere`, { headers });
    expect(res.status).toBe(404);
  });

  it('answers a multipart body without a file as No content provided', async () => {
    const { token } = await asUser(stack);
    const form = new FormData();
    form.append('cacheControl', '3600');
    const res = await fetch(`${stack.apiUrl}/storage/v1/object/images/empty.png`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: stack.keys.anonKey },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', message: 'No content provided' });
  });

  it('still serves after all of the above', async () => {
    const { client } = await asUser(stack);
    expect((await client.storage.from('images').upload('fine.png', png())).error).toBeNull();
  });
});
