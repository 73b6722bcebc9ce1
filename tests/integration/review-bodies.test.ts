// Second review: a request body is read only up to each service's cap, also
// when it comes without Content-Length (chunked). Past the cap the answer is
// that service's 413 at once, not after the whole body was buffered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestStack } from '../support/stack.ts';
import { startRestStack } from '../fixtures/rest/helpers.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startRestStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A chunked body that never ends: only a server that stops reading can answer. */
function endlessBody(): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(chunk);
    },
  });
}

async function post(path: string, headers: Record<string, string>) {
  const body = endlessBody();
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers: { apikey: stack.keys.anonKey, 'Content-Type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  const json = await res.json();
  await body.cancel().catch(() => {});
  return { status: res.status, json };
}

describe('endless chunked bodies', () => {
  it('auth answers 413 request_entity_too_large past 1 MB', async () => {
    const res = await post('/auth/v1/token?grant_type=password', { 'X-Supabase-Api-Version': '2024-01-01' });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'request_entity_too_large' });
  }, 15_000);

  it('rest answers 413 PGRST413 past its cap', async () => {
    const res = await post('/rest/v1/books', {});
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'PGRST413' });
  }, 15_000);

  it('storage answers its EntityTooLarge past 1 MiB of JSON', async () => {
    const res = await post('/storage/v1/object/list/any', {});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  }, 15_000);

  it('keeps serving afterwards', async () => {
    const { error } = await stack.anon().from('books').select('id').limit(1);
    expect(error).toBeNull();
  });
});
