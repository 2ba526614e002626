import { TraceError } from './errors.js';
import type { RasterImage } from './model.js';

/** Pixels at least this opaque are painted (pixel mode) and belong to the silhouette; the others are transparent. */
export const OPAQUE_FROM = 128;

/**
 * The shape of an image's opaque pixels, whatever their colors: black on white, for `trace:
 * 'alpha'` (stencils). An image with no transparent pixel has no silhouette to trace.
 */
export function silhouette(image: RasterImage): RasterImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data.length);
  let clear = 0;
  for (let o = 0; o < data.length; o += 4) {
    const opaque = data[o + 3] >= OPAQUE_FROM;
    if (!opaque) clear++;
    const v = opaque ? 0 : 255;
    out[o] = v;
    out[o + 1] = v;
    out[o + 2] = v;
    out[o + 3] = 255;
  }
  if (clear === 0) {
    throw new TraceError(
      'invalid-settings',
      'Tracing the transparency needs an image with transparent pixels, and this one has none: trace the image instead',
    );
  }
  return { width, height, data: out };
}
