import type { Layer, RasterImage } from '../model.js';
import type { TraceParams } from '../params.js';
import type { Bitmap, EdgeShift } from './bitmap.js';
import { traceBitmap } from './trace-bitmap.js';

const black = { r: 0, g: 0, b: 0 };

/** Black-and-white mode: one black layer over a transparent background. */
export function traceBw(
  image: RasterImage,
  params: TraceParams,
  timings: Record<string, number>,
): { layers: Layer[] } {
  const start = performance.now();
  const bitmap = threshold(image, params.cut);
  timings.threshold = performance.now() - start;
  const edgeShift: EdgeShift | undefined = params.subpixel ? inkShift(image, bitmap, params.cut) : undefined;
  const subpaths = traceBitmap(bitmap, params, edgeShift, timings);
  return { layers: subpaths.length > 0 ? [{ color: black, subpaths }] : [] };
}

/** Luminance 0-1 of pixel i composited on white, so transparent pixels are background. */
function luminance(data: RasterImage['data'], i: number): number {
  const o = 4 * i;
  const y = 0.2126 * data[o] + 0.7152 * data[o + 1] + 0.0722 * data[o + 2];
  return 1 - (data[o + 3] * (255 - y)) / (255 * 255);
}

/** Foreground = luminance below `cut`. */
function threshold(image: RasterImage, cut: number): Bitmap {
  const { width, height, data } = image;
  const n = width * height;
  const bits = new Uint8Array(n);
  // Most pixels of a logo are opaque white or opaque black: read them as one 32-bit word.
  const aligned = data.byteOffset % 4 === 0;
  const words = aligned ? new Uint32Array(data.buffer, data.byteOffset, n) : undefined;
  const white = 0xffffffff;
  const black = 0xff000000;
  for (let i = 0; i < n; i++) {
    const v = words ? words[i] : 0;
    if (v === white) continue;
    bits[i] = v === black ? (cut > 0 ? 1 : 0) : luminance(data, i) < cut ? 1 : 0;
  }
  return { width, height, bits };
}

/**
 * Ink coverage maps luminance linearly so that the cut sits at exactly one half: 1 for black,
 * 0.5 at the cut, 0 for white. Across an edge, the two coverages say where the edge truly is
 * (exact for a straight edge rendered with area anti-aliasing). Computed only at edges.
 */
function inkShift(image: RasterImage, bitmap: Bitmap, cut: number): EdgeShift {
  const below = cut > 0 ? 0.5 / cut : 0;
  const above = cut < 1 ? 0.5 / (1 - cut) : 0;
  const { width: w, bits } = bitmap;
  const n = bits.length;
  return (inside, outside) => {
    const lin = luminance(image.data, inside);
    const lout = luminance(image.data, outside);
    const cin = Math.min(1, 0.5 + Math.max(0, cut - lin) * below);
    const cout = Math.max(0, 0.5 - Math.max(0, lout - cut) * above);
    if (!SHARE.on) return cin + cout - 1;
    const step = inside - outside;
    // A one-pixel stroke (or gap) has two edges sharing its missing (or extra) ink.
    const beyondIn = inside + step;
    const beyondOut = outside - step;
    const sameRow = (a: number, b: number) => step === w || step === -w || ((a / w) | 0) === ((b / w) | 0);
    const inThin = beyondIn >= 0 && beyondIn < n && sameRow(beyondIn, inside) && bits[beyondIn] === 0;
    const outThin = beyondOut >= 0 && beyondOut < n && sameRow(beyondOut, outside) && bits[beyondOut] === 1;
    return (cin - 1) * (inThin ? 0.5 : 1) + cout * (outThin ? 0.5 : 1);
  };
}
export const SHARE = { on: true };
