// Reads a request body with a byte cap, counting as the bytes arrive, so a
// body without Content-Length (chunked) is never held in memory past the cap.

/** Thrown when the body exceeds the cap; each service maps it to its own 413. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`request body exceeds ${limit} bytes`);
  }
}

export async function readBodyCapped(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > limit) throw new BodyTooLarge(limit);
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw new BodyTooLarge(limit);
      chunks.push(value);
    }
  } finally {
    // Release, never cancel: cancelling would tear down the socket the answer goes out on.
    reader.releaseLock();
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
