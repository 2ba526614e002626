import { halve } from './draft.js';
import type { RasterImage } from './model.js';

/** Neighbouring pixels this far apart in luminance (0-255) make an edge. */
const EDGE_STEP = 32;
/** Rows the estimate reads, spread over the image: a few milliseconds at 50 megapixels. */
const SAMPLE_ROWS = 256;

/**
 * Edge pixels one trace takes on at most. A trace's memory and time grow with its edges, not its
 * pixels: a 50-megapixel logo traces in 2 s, while a 2000 x 2000 photo of noise (3.8 million edge
 * pixels) peaks at 700 MB and a 2000 x 2000 one-pixel checkerboard takes a minute.
 */
export const MAX_EDGE_PIXELS = 3_000_000;

/**
 * How many pixels differ from their right or lower neighbour by more than EDGE_STEP, estimated
 * from SAMPLE_ROWS rows. Transparent pixels count as on white, as the tracer sees them.
 */
export function estimateEdgePixels(image: RasterImage): number {
  const { width, height, data } = image;
  if (width < 2 || height < 2) return 0;
  const rows = Math.min(height - 1, SAMPLE_ROWS);
  const row = width * 4;
  let edges = 0;
  for (let r = 0; r < rows; r++) {
    const y = Math.floor((r * (height - 1)) / rows);
    let i = y * row;
    let here = luminance(data, i);
    for (let x = 0; x < width - 1; x++, i += 4) {
      const right = luminance(data, i + 4);
      if (Math.abs(here - right) > EDGE_STEP || Math.abs(here - luminance(data, i + row)) > EDGE_STEP)
        edges++;
      here = right;
    }
  }
  return Math.round((edges / (rows * (width - 1))) * width * height);
}

function luminance(data: RasterImage['data'], i: number): number {
  const a = data[i + 3];
  const l = (2 * data[i] + 5 * data[i + 1] + data[i + 2]) / 8;
  return a === 255 ? l : (l * a + 255 * (255 - a)) / 255;
}

/**
 * Whether a picture has at most `limit` edge pixels (see `estimateEdgePixels`): always, without
 * reading it, when it has no more pixels than that.
 */
export function edgesWithin(image: RasterImage, limit: number): boolean {
  return image.width * image.height <= limit || estimateEdgePixels(image) <= limit;
}

/**
 * The image halved until its edges fit MAX_EDGE_PIXELS, and by how much: a pathological input
 * (noise, a one-pixel checkerboard) is traced at the size it can be, never past the memory and
 * time a trace is given. Halving averages, so fine patterns fade and the edges drop fast.
 */
export function withinCost(image: RasterImage): { image: RasterImage; factor: number } {
  let source = image;
  let factor = 1;
  while (!edgesWithin(source, MAX_EDGE_PIXELS) && Math.min(source.width, source.height) >= 4) {
    source = halve(source);
    factor *= 2;
  }
  return { image: source, factor };
}
