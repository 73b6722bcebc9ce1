// JPEG decoding for the palette: mozjpeg (WebAssembly) against jpeg-js on
// images made here, and what an unreadable JPEG does.
import { describe, expect, it } from 'vitest';
import * as jpeg from 'jpeg-js';
import { decodeImage, paletteOfImage, paletteOfPixels } from './palette.ts';
import { PermanentError } from './errors.ts';

/** Four flat quadrants (red, green, blue, yellow) as a JPEG. */
function quadrantsJpeg(w: number, h: number): Uint8Array {
  const colours = [[220, 30, 30], [30, 200, 40], [30, 40, 210], [240, 220, 30]];
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = colours[(y < h / 2 ? 0 : 2) + (x < w / 2 ? 0 : 1)];
      data.set([c[0], c[1], c[2], 255], (y * w + x) * 4);
    }
  }
  return new Uint8Array(jpeg.encode({ data, width: w, height: h }, 90).data);
}

describe('palette JPEG decoding', () => {
  it('mozjpeg decodes as jpeg-js does, to within rounding', async () => {
    const bytes = quadrantsJpeg(320, 240);
    const a = await decodeImage(bytes);
    const b = await decodeImage(bytes, 'jpeg-js');
    expect([a.width, a.height]).toEqual([320, 240]);
    expect([b.width, b.height]).toEqual([320, 240]);
    expect(a.data.length).toBe(320 * 240 * 4);
    let diff = 0;
    for (let i = 0; i < a.data.length; i++) diff = Math.max(diff, Math.abs(a.data[i] - b.data[i]));
    expect(diff).toBeLessThanOrEqual(8);
  });

  it('decodes a JPEG that is a view into a larger buffer', async () => {
    const bytes = quadrantsJpeg(64, 48);
    const padded = new Uint8Array(bytes.length + 20);
    padded.set(bytes, 10);
    const img = await decodeImage(padded.subarray(10, 10 + bytes.length));
    expect([img.width, img.height]).toEqual([64, 48]);
  });

  it('gives the same swatches as the jpeg-js path', async () => {
    // A smooth gradient (a flat image's small swatches come from its edges,
    // where decoders differ most).
    const [w, h] = [400, 300];
    const data = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) data.set([(x * 255) / w, (y * 255) / h, 128 + 100 * Math.sin((x + y) / 60), 255], (y * w + x) * 4);
    }
    const bytes = new Uint8Array(jpeg.encode({ data, width: w, height: h }, 90).data);
    const now = await paletteOfImage(bytes);
    const before = await paletteOfPixels(await decodeImage(bytes, 'jpeg-js'));
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      expect(now[key] === null).toBe(before[key] === null);
      if (now[key] && before[key]) now[key]!.rgb.forEach((v, k) => expect(Math.abs(v - before[key]!.rgb[k])).toBeLessThanOrEqual(8));
    }
    expect(Object.values(now).filter((s) => s !== null).length).toBeGreaterThan(3);
  });

  it('rejects an unreadable JPEG as permanent, and decodes the next one', async () => {
    await expect(decodeImage(new Uint8Array([0xff, 0xd8, 1, 2, 3, 4, 5, 6]))).rejects.toBeInstanceOf(PermanentError);
    await expect(decodeImage(new Uint8Array([0xff, 0xd8]))).rejects.toThrow(/could not be decoded/);
    const img = await decodeImage(quadrantsJpeg(16, 16));
    expect(img.width).toBe(16);
  });
});
