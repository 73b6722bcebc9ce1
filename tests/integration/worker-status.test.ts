// The Settings screen asks the worker which outside services have keys.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

let stack: TestStack;
beforeAll(async () => {
  delete process.env.GEMINI_API_KEY;
  delete process.env.YOUTUBE_API_KEY;
  stack = await startTestStack();
});
afterAll(() => stack?.stop());

test('staff learn which services are configured, and a key set later shows at once', async () => {
  const staff = await stack.signedIn('staff@example.com', 'Staff#2026');
  const before = await staff.functions.invoke('worker', { body: { action: 'status' } });
  expect(before.error).toBeNull();
  expect(before.data).toEqual({ ai: { configured: false, model: null }, youtube: { configured: false } });
  process.env.GEMINI_API_KEY = 'a-key';
  process.env.YOUTUBE_API_KEY = 'another-key';
  try {
    const after = await staff.functions.invoke('worker', { body: { action: 'status' } });
    expect(after.data.ai.configured).toBe(true);
    expect(after.data.youtube).toEqual({ configured: true });
    expect(JSON.stringify(after.data)).not.toContain('a-key');
  } finally {
    delete process.env.GEMINI_API_KEY;
    delete process.env.YOUTUBE_API_KEY;
  }
});

test('anyone else is refused the status, and only the service role runs a pass', async () => {
  const anon = await stack.anon().functions.invoke('worker', { body: { action: 'status' } });
  expect(anon.response?.status).toBe(401);
  const staff = await stack.signedIn('staff@example.com', 'Staff#2026');
  const pass = await staff.functions.invoke('worker', { body: {} });
  expect(pass.response?.status).toBe(401);
});
