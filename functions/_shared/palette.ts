// The six swatches of the seed (vibrant, muted, darkVibrant, darkMuted,
// lightVibrant, lightMuted; each hex, rgb, population), computed in pure JS:
// decode (jpeg-js / fast-png), sample down to at most MAX_SIDE px on the long
// side, then Vibrant's MMCQ quantiser and default generator.
import * as jpeg from 'jpeg-js';
import { convertIndexedToRgb, decode as decodePng } from 'fast-png';
import { MMCQ } from '@vibrant/quantizer-mmcq';
import { DefaultGenerator } from '@vibrant/generator-default';
import type { Palette, Swatch } from '@vibrant/color';
import { PermanentError } from './errors.ts';

export const MAX_SIDE = 200;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface SwatchJson {
  hex: string;
  rgb: [number, number, number];
  population: number;
}
export type PaletteJson = Record<'vibrant' | 'muted' | 'darkVibrant' | 'darkMuted' | 'lightVibrant' | 'lightMuted', SwatchJson | null>;

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

export function imageType(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) return 'gif';
  if (bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'webp';
  return null;
}

function pngToRgba(bytes: Uint8Array): Rgba {
  const png = decodePng(bytes);
  const { width, height } = png;
  let src: ArrayLike<number> = png.data;
  let channels = png.channels;
  let shift = png.depth === 16 ? 8 : 0;
  if (png.palette) {
    src = convertIndexedToRgb(png);
    channels = png.palette[0]?.length ?? 3;
    shift = 0;
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 4) {
    const k = i * channels;
    if (channels <= 2) {
      const g = src[k] >> shift;
      out[j] = out[j + 1] = out[j + 2] = g;
      out[j + 3] = channels === 2 ? src[k + 1] >> shift : 255;
    } else {
      out[j] = src[k] >> shift;
      out[j + 1] = src[k + 1] >> shift;
      out[j + 2] = src[k + 2] >> shift;
      out[j + 3] = channels === 4 ? src[k + 3] >> shift : 255;
    }
  }
  return { width, height, data: out };
}

/** Width and height from a JPEG's frame header (SOFn), without decoding. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8] };
    }
    i += 2 + length;
  }
  return null;
}

/** scaled: kept for callers; every image is decoded at full size. */
export function decodeImage(bytes: Uint8Array, _scaled = false): Rgba {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new PermanentError('Image must be less than 5MB');
  const type = imageType(bytes);
  try {
    if (type === 'jpeg') {
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 100, maxMemoryUsageInMB: 1024 });
      return { width: img.width, height: img.height, data: img.data };
    }
    if (type === 'png') return pngToRgba(bytes);
  } catch (e) {
    throw new PermanentError(`Image could not be decoded: ${e instanceof Error ? e.message : String(e)}`);
  }
  throw new PermanentError(`Unsupported image type for a palette: ${type ?? 'unknown'}`);
}

/** Nearest-neighbour sample so the long side is at most maxSide px. */
export function downscale(img: Rgba, maxSide = MAX_SIDE): Rgba {
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  if (scale === 1) return img;
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(img.height - 1, Math.floor((y + 0.5) / scale));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(img.width - 1, Math.floor((x + 0.5) / scale));
      const s = (sy * img.width + sx) * 4;
      const d = (y * w + x) * 4;
      out[d] = img.data[s];
      out[d + 1] = img.data[s + 1];
      out[d + 2] = img.data[s + 2];
      out[d + 3] = img.data[s + 3];
    }
  }
  return { width: w, height: h, data: out };
}

/** Vibrant's default filter: drops transparent and near-white pixels (made transparent, which MMCQ skips). */
function filterPixels(data: Uint8Array | Uint8ClampedArray): Uint8ClampedArray {
  const out = new Uint8ClampedArray(data);
  for (let i = 0; i < out.length; i += 4) {
    const [r, g, b, a] = [out[i], out[i + 1], out[i + 2], out[i + 3]];
    if (a < 125 || (r > 250 && g > 250 && b > 250)) out[i + 3] = 0;
  }
  return out;
}

function swatchJson(s: Swatch | null): SwatchJson | null {
  if (!s) return null;
  const [r, g, b] = s.rgb.map((v) => Math.round(v));
  return { hex: s.hex, rgb: [r, g, b], population: s.population };
}

/** Vibrant's palette (PascalCase names) → the seed's six camelCase swatches. */
export function mapPalette(p: Palette): PaletteJson {
  return {
    vibrant: swatchJson(p.Vibrant),
    muted: swatchJson(p.Muted),
    darkVibrant: swatchJson(p.DarkVibrant),
    darkMuted: swatchJson(p.DarkMuted),
    lightVibrant: swatchJson(p.LightVibrant),
    lightMuted: swatchJson(p.LightMuted),
  };
}

export async function paletteOfPixels(img: Rgba): Promise<PaletteJson> {
  const small = downscale(img);
  const swatches = MMCQ(filterPixels(small.data), { colorCount: 64 });
  return mapPalette(await DefaultGenerator(swatches));
}

export async function paletteOfImage(bytes: Uint8Array): Promise<PaletteJson> {
  return paletteOfPixels(decodeImage(bytes, true));
}
