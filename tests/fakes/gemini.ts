// A loopback fake of the Gemini API's generateContent endpoint, in its real
// wire format, for the real @google/genai SDK (pointed here with GEMINI_BASE_URL):
//   POST /v1beta/models/{model}:generateContent  (x-goog-api-key header)
//   → { candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }], usageMetadata, modelVersion }
//   429 → { error: { code: 429, message, status: 'RESOURCE_EXHAUSTED', details: [RetryInfo { retryDelay }] } }
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GeminiCall {
  model: string;
  apiKey: string | undefined;
  prompt: string;
  at: number;
}

export type GeminiReply =
  | { text: string }
  | { status: 429; retryDelay?: string }
  | { status: number; message: string };

export type GeminiBehaviour = (call: GeminiCall, index: number) => GeminiReply | Promise<GeminiReply>;

/** The JSON object at the end of a translation prompt, values tagged with the language code. */
export function echoTranslation(call: GeminiCall): GeminiReply {
  const lang = /language code ([A-Za-z_]+)/.exec(call.prompt)?.[1] ?? 'xx';
  const start = call.prompt.indexOf('\n{');
  if (start === -1) return { text: `summary of the story (${lang})` };
  const obj = JSON.parse(call.prompt.slice(start + 1)) as Record<string, string>;
  const out = Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, `[${lang}] ${v}`]));
  return { text: JSON.stringify(out) };
}

/** Default: translations echo the source tagged with the language; other prompts get a short text. */
export const defaultBehaviour: GeminiBehaviour = (call) => {
  if (call.prompt.includes('language code')) return echoTranslation(call);
  if (call.prompt.startsWith('summarize this content into 100 characters')) return { text: 'A short summary of the story.' };
  if (call.prompt.startsWith('Shorten this video title')) return { text: 'Short video title' };
  return { text: 'ok' };
};

export interface FakeGemini {
  url: string;
  calls: GeminiCall[];
  /** Highest number of requests in flight at once. */
  peak: number;
  latencyMs: number;
  behaviour: GeminiBehaviour;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeGemini(options: { latencyMs?: number; behaviour?: GeminiBehaviour } = {}): Promise<FakeGemini> {
  let inFlight = 0;
  const fake: FakeGemini = {
    url: '',
    calls: [],
    peak: 0,
    latencyMs: options.latencyMs ?? 0,
    behaviour: options.behaviour ?? defaultBehaviour,
    reset() {
      fake.calls = [];
      fake.peak = 0;
      fake.behaviour = options.behaviour ?? defaultBehaviour;
      fake.latencyMs = options.latencyMs ?? 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    const m = /^\/v1beta\/models\/([^/:]+):generateContent$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method !== 'POST' || !m) return send(404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    inFlight++;
    fake.peak = Math.max(fake.peak, inFlight);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { contents?: Array<{ role?: string; parts?: Array<{ text?: string }> }> };
      const prompt = (body.contents ?? []).flatMap((c) => c.parts ?? []).map((p) => p.text ?? '').join('');
      const call: GeminiCall = { model: decodeURIComponent(m[1]), apiKey: req.headers['x-goog-api-key'] as string | undefined, prompt, at: Date.now() };
      const index = fake.calls.push(call) - 1;
      if (fake.latencyMs) await new Promise((r) => setTimeout(r, fake.latencyMs));
      if (!call.apiKey) return send(403, { error: { code: 403, message: 'Method doesn\'t allow unregistered callers.', status: 'PERMISSION_DENIED' } });
      const reply = await fake.behaviour(call, index);
      if ('text' in reply) {
        return send(200, {
          candidates: [{ content: { parts: [{ text: reply.text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
          usageMetadata: { promptTokenCount: Math.ceil(prompt.length / 4), candidatesTokenCount: Math.ceil(reply.text.length / 4), totalTokenCount: Math.ceil((prompt.length + reply.text.length) / 4) },
          modelVersion: call.model,
          responseId: `fake-${index}`,
        });
      }
      if (reply.status === 429) {
        return send(429, {
          error: {
            code: 429,
            message: 'You exceeded your current quota, please check your plan and billing details.',
            status: 'RESOURCE_EXHAUSTED',
            details: [
              { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier' }] },
              ...('retryDelay' in reply && reply.retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: reply.retryDelay }] : []),
            ],
          },
        });
      }
      return send(reply.status, { error: { code: reply.status, message: 'message' in reply ? reply.message : 'error', status: 'INTERNAL' } });
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
