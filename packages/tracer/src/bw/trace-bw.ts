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
  const { bitmap, coverage } = threshold(image, params.cut);
  timings.threshold = performance.now() - start;
  const edgeShift: EdgeShift | undefined = params.subpixel
    ? (inside, outside) => coverage[inside] + coverage[outside] - 1
    : undefined;
  const subpaths = traceBitmap(bitmap, params, edgeShift, timings);
  return { layers: subpaths.length > 0 ? [{ color: black, subpaths }] : [] };
}

/**
 * Foreground = luminance (on white: transparent pixels are background) below `cut`. Coverage
 * maps luminance linearly onto ink coverage so that the cut sits at exactly one half: 1 for
 * black, 0.5 at the cut, 0 for white. Anti-aliased edges then say where the edge truly is.
 */
function threshold(image: RasterImage, cut: number): { bitmap: Bitmap; coverage: Float32Array } {
  const { width, height, data } = image;
  const n = width * height;
  const bits = new Uint8Array(n);
  const coverage = new Float32Array(n);
  const below = cut > 0 ? 0.5 / cut : 0;
  const above = cut < 1 ? 0.5 / (1 - cut) : 0;
  for (let i = 0, o = 0; i < n; i++, o += 4) {
    const a = data[o + 3] / 255;
    const lum = 1 - (a * (255 - (0.2126 * data[o] + 0.7152 * data[o + 1] + 0.0722 * data[o + 2]))) / 255;
    if (lum < cut) {
      bits[i] = 1;
      coverage[i] = 0.5 + (cut - lum) * below;
    } else {
      coverage[i] = Math.max(0, 0.5 - (lum - cut) * above);
    }
  }
  return { bitmap: { width, height, bits }, coverage };
}
