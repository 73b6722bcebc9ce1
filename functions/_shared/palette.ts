// The six swatches of the seed (vibrant, muted, darkVibrant, darkMuted,
// lightVibrant, lightMuted; each hex, rgb, population), computed without
// native modules: decode (a JPEG with @jsquash/jpeg, mozjpeg built to
// WebAssembly, jpeg-js if that cannot be loaded; a PNG with fast-png), sample
// down to at most MAX_SIDE px on the long side, then Vibrant's MMCQ quantiser
// and default generator. A 12 MP photo costs about 2 s of CPU with jpeg-js,
// over the Edge Functions' limit, and about 0.35 s with mozjpeg.
import * as jpeg from 'jpeg-js';
import decodeMozjpeg, { init as initMozjpeg } from '@jsquash/jpeg/decode.js';
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

/**
 * mozjpeg's WebAssembly, once per process. Under Deno the codec fetches its
 * .wasm from beside its own module (a file: URL, which Deno's fetch reads);
 * Node's fetch reads no file: URL, so there the bytes are read from the
 * installed package and compiled here. Resolves to false (and jpeg-js is used)
 * if the codec cannot be loaded.
 */
let mozjpegReady: Promise<boolean> | undefined;
type InitMozjpeg = (module?: WebAssembly.Module, options?: Record<string, unknown>) => Promise<void>;

function loadMozjpeg(): Promise<boolean> {
  mozjpegReady ??= (async () => {
    // libjpeg's warnings ("Premature end of JPEG file") would go to stderr.
    const quiet = { print: () => {}, printErr: () => {} };
    try {
      if ('Deno' in globalThis) {
        await (initMozjpeg as unknown as InitMozjpeg)(undefined, quiet);
      } else {
        const { createRequire } = await import('node:module');
        const { readFile } = await import('node:fs/promises');
        const path = createRequire(import.meta.url).resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm');
        const wasm = new Uint8Array(await readFile(path));
        await (initMozjpeg as unknown as InitMozjpeg)(await WebAssembly.compile(wasm), quiet);
      }
      // init() only starts instantiation; a decode of nothing waits for it.
      // libjpeg rejects the empty input with a bare object; a codec that
      // failed to load rejects with an Error.
      const probe: unknown = await decodeMozjpeg(new ArrayBuffer(0)).then(() => null, (e: unknown) => e);
      if (probe instanceof Error) throw probe;
      return true;
    } catch (e) {
      console.error(`palette: mozjpeg could not be loaded, decoding JPEGs with jpeg-js: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
  })();
  return mozjpegReady;
}

function decodeJpegJs(bytes: Uint8Array): Rgba {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: 100, maxMemoryUsageInMB: 1024 });
  return { width: img.width, height: img.height, data: img.data };
}

async function decodeJpeg(bytes: Uint8Array, decoder: 'mozjpeg' | 'jpeg-js'): Promise<Rgba> {
  if (decoder === 'jpeg-js' || !(await loadMozjpeg())) return decodeJpegJs(bytes);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let img: ImageData;
  try {
    img = await decodeMozjpeg(buffer);
  } catch (e) {
    // libjpeg's fatal errors arrive as a bare object, not an Error.
    throw new Error(e instanceof Error ? e.message : 'not a readable JPEG');
  }
  // 8-bit RGBA (Deno's ImageData type also allows a Float16Array).
  const data = img.data as Uint8ClampedArray;
  if (!img.width || !img.height || data.length < img.width * img.height * 4) throw new Error('not a readable JPEG');
  return { width: img.width, height: img.height, data };
}

/**
 * RGBA pixels of a JPEG or PNG. decoder 'jpeg-js' decodes a JPEG in plain JS
 * (the former path, kept for the bench and as the fallback).
 */
export async function decodeImage(bytes: Uint8Array, decoder: 'mozjpeg' | 'jpeg-js' = 'mozjpeg'): Promise<Rgba> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new PermanentError('Image must be less than 5MB');
  const type = imageType(bytes);
  try {
    if (type === 'jpeg') return await decodeJpeg(bytes, decoder);
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
  return paletteOfPixels(await decodeImage(bytes));
}
