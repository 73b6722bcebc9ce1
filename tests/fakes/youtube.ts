// A loopback fake of the YouTube Data API v3 videos.list endpoint:
//   GET /youtube/v3/videos?part=snippet,contentDetails&id={id}&key={key}
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeVideo {
  title: string;
  duration: string;
  thumbnails: Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', { url: string; width: number; height: number }>>;
}

export interface FakeYoutube {
  url: string;
  videos: Map<string, FakeVideo>;
  requests: URL[];
  apiKey: string;
  close(): Promise<void>;
}

export function thumbnailsUpTo(id: string, largest: 'default' | 'medium' | 'high' | 'standard' | 'maxres') {
  const sizes = [
    ['default', 'default', 120, 90],
    ['medium', 'mqdefault', 320, 180],
    ['high', 'hqdefault', 480, 360],
    ['standard', 'sddefault', 640, 480],
    ['maxres', 'maxresdefault', 1280, 720],
  ] as const;
  const out: FakeVideo['thumbnails'] = {};
  for (const [name, file, width, height] of sizes) {
    out[name] = { url: `https://i.ytimg.com/vi/${id}/${file}.jpg`, width, height };
    if (name === largest) break;
  }
  return out;
}

export async function startFakeYoutube(apiKey = 'yt-test-key'): Promise<FakeYoutube> {
  const fake: FakeYoutube = { url: '', videos: new Map(), requests: [], apiKey, close: () => new Promise((r) => server.close(() => r())) };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.requests.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/youtube/v3/videos') return send(404, { error: { code: 404, message: 'Not Found', errors: [] } });
    if (url.searchParams.get('key') !== fake.apiKey) {
      return send(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', errors: [{ message: 'API key not valid. Please pass a valid API key.', domain: 'global', reason: 'badRequest' }], status: 'INVALID_ARGUMENT' } });
    }
    const parts = (url.searchParams.get('part') ?? '').split(',');
    const items = (url.searchParams.get('id') ?? '').split(',').filter((id) => fake.videos.has(id)).map((id) => {
      const v = fake.videos.get(id)!;
      return {
        kind: 'youtube#video',
        etag: `etag-${id}`,
        id,
        ...(parts.includes('snippet') ? { snippet: { publishedAt: '2020-01-01T00:00:00Z', channelId: 'UC123', title: v.title, description: '', thumbnails: v.thumbnails, channelTitle: 'History Channel', categoryId: '27', liveBroadcastContent: 'none' } } : {}),
        ...(parts.includes('contentDetails') ? { contentDetails: { duration: v.duration, dimension: '2d', definition: 'hd', caption: 'false', licensedContent: false, projection: 'rectangular' } } : {}),
      };
    });
    send(200, { kind: 'youtube#videoListResponse', etag: 'list-etag', items, pageInfo: { totalResults: items.length, resultsPerPage: items.length } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
