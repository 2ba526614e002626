import type { Layer, RasterImage, StageTimings } from '../model.js';
import type { TraceParams } from '../params.js';
import type { Bitmap, WindowInk } from './bitmap.js';
import { traceBitmap } from './trace-bitmap.js';

const black = { r: 0, g: 0, b: 0 };

/** Black-and-white mode: one black layer over a transparent background. */
export function traceBw(image: RasterImage, params: TraceParams, timings: StageTimings): { layers: Layer[] } {
  const start = performance.now();
  const bitmap = threshold(image, params.cut);
  timings.threshold = performance.now() - start;
  const ink = windowInk(image, params.cut);
  const subpaths = traceBitmap(bitmap, params, ink, timings);
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
 * 0.5 at the cut, 0 for white. Summed over the 2x2 pixels around a corner, it says where the
 * edge truly passes (exact for a straight edge rendered with area anti-aliasing).
 */
function windowInk(image: RasterImage, cut: number): WindowInk {
  const below = cut > 0 ? 0.5 / cut : 0;
  const above = cut < 1 ? 0.5 / (1 - cut) : 0;
  const { width: w, data } = image;
  const coverage = (i: number) => {
    const l = luminance(data, i);
    return l < cut ? Math.min(1, 0.5 + (cut - l) * below) : Math.max(0, 0.5 - (l - cut) * above);
  };
  return (x, y) => {
    const i = (y - 1) * w + x - 1;
    return coverage(i) + coverage(i + 1) + coverage(i + w) + coverage(i + w + 1);
  };
}
