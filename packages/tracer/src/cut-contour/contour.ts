import { squaredDistance } from '../geometry/distance.js';
import { scaleSubpaths } from '../geometry/scale.js';
import type { Color, Layer, RasterImage } from '../model.js';
import { traceBitmap } from '../outline/trace-bitmap.js';
import { visibleShape } from './visible-shape.js';

/** The cut line's color: magenta, the spot color print shops read as the cut. */
export const CUT_COLOR: Color = { r: 255, g: 0, b: 255 };

/** Gaps up to twice this many pixels (of the working grid) between parts of the shape are bridged. */
const BRIDGE = 4;
/** The contour is worked out on a grid of at most this many cells (finer adds nothing to a cut). */
const GRID_CELLS = 1_000_000;

/**
 * The sticker cut contour: one smooth closed outline around the whole visible shape, `offset`
 * pixels outside it, with holes filled, gaps of a few pixels bridged and separate parts joined
 * (by their convex hull, when bridging does not join them). The visible shape is the opaque
 * pixels of an image with transparency, or else what differs from the color along its border.
 * The outline may reach beyond the image's frame by up to `offset` (trace then grows the page to
 * hold it, see page-margin.ts). Undefined when nothing is visible.
 */
export function cutContour(image: RasterImage, offset: number): Layer | undefined {
  const scale = Math.max(1, Math.ceil(Math.sqrt((image.width * image.height) / GRID_CELLS)));
  const grid = visibleShape(image, scale);
  if (!grid) return undefined;
  const reach = offset / scale + BRIDGE;
  const pad = Math.ceil(reach) + 2;
  const width = grid.width + 2 * pad;
  const height = grid.height + 2 * pad;
  const bits = new Uint8Array(width * height);
  for (let y = 0; y < grid.height; y++) {
    bits.set(grid.bits.subarray(y * grid.width, (y + 1) * grid.width), (y + pad) * width + pad);
  }
  // A closing by BRIDGE then a dilation by the offset: grow by both, shrink back by BRIDGE.
  // squaredDistance measures to the nearest 0: the shape's cells are the zeros of its complement.
  for (let p = 0; p < bits.length; p++) bits[p] ^= 1;
  const near = squaredDistance(bits, width, height);
  for (let p = 0; p < bits.length; p++) bits[p] = near[p] <= reach * reach ? 1 : 0;
  const far = squaredDistance(bits, width, height);
  for (let p = 0; p < bits.length; p++) bits[p] = far[p] > BRIDGE * BRIDGE ? 1 : 0;
  fillHoles(bits, width, height);
  if (countParts(bits, width, height) > 1) fillConvexHull(bits, width, height);
  const outline = traceBitmap(
    { width, height, bits },
    { turdsize: 0, corners: { alphamax: 1.3 }, opttolerance: 0.5 },
  ).slice(0, 1); // one part, its holes filled: one outline
  if (outline.length === 0) return undefined;
  return {
    color: CUT_COLOR,
    subpaths: scaleSubpaths(outline, scale, -pad * scale, -pad * scale),
    stroke: Math.max(1, Math.min(image.width, image.height) / 500),
    fill: false,
    name: 'cut',
  };
}

/** Sets every cell that the outside (4-connected from the frame) does not reach. */
function fillHoles(bits: Uint8Array, width: number, height: number): void {
  const outside = new Uint8Array(bits.length);
  const stack: number[] = [];
  const push = (p: number) => {
    if (!bits[p] && !outside[p]) {
      outside[p] = 1;
      stack.push(p);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const p = stack.pop() as number;
    const x = p % width;
    if (x > 0) push(p - 1);
    if (x < width - 1) push(p + 1);
    if (p >= width) push(p - width);
    if (p < bits.length - width) push(p + width);
  }
  for (let p = 0; p < bits.length; p++) bits[p] = outside[p] ? 0 : 1;
}

/** The number of 8-connected parts of set cells. */
function countParts(bits: Uint8Array, width: number, height: number): number {
  const seen = new Uint8Array(bits.length);
  const stack: number[] = [];
  let parts = 0;
  for (let start = 0; start < bits.length; start++) {
    if (!bits[start] || seen[start]) continue;
    parts++;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const q = ny * width + nx;
          if (bits[q] && !seen[q]) {
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
    }
  }
  return parts;
}

/** Sets every cell inside the convex hull of the set cells (Andrew's monotone chain over cell corners). */
function fillConvexHull(bits: Uint8Array, width: number, height: number): void {
  // Each row's leftmost and rightmost set cells carry the hull: their outer corners.
  const points: [number, number][] = [];
  for (let y = 0; y < height; y++) {
    let left = -1;
    let right = -1;
    for (let x = 0; x < width; x++) {
      if (!bits[y * width + x]) continue;
      if (left < 0) left = x;
      right = x;
    }
    if (left >= 0) points.push([left, y], [left, y + 1], [right + 1, y], [right + 1, y + 1]);
  }
  points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const hull: [number, number][] = [];
    for (const p of list) {
      while (hull.length >= 2 && cross(hull[hull.length - 2], hull[hull.length - 1], p) <= 0) hull.pop();
      hull.push(p);
    }
    hull.pop();
    return hull;
  };
  const hull = [...half(points), ...half([...points].reverse())];
  // A cell is inside when its center is inside the hull (even-odd crossings along its row).
  for (let y = 0; y < height; y++) {
    const cy = y + 0.5;
    const xs: number[] = [];
    for (let i = 0; i < hull.length; i++) {
      const [ax, ay] = hull[i];
      const [bx, by] = hull[(i + 1) % hull.length];
      if (ay <= cy !== by <= cy) xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((a, b) => a - b);
    for (let i = 0; i + 1 < xs.length; i += 2) {
      for (let x = Math.max(0, Math.ceil(xs[i] - 0.5)); x < Math.min(width, xs[i + 1] - 0.5); x++) {
        bits[y * width + x] = 1;
      }
    }
  }
}
