import { decompose, type PixelPath } from '../bw/decompose.js';
import type { Layer, Point, RasterImage, Segment, Subpath } from '../model.js';

/** Pixels at least this opaque are painted; the others stay transparent. */
const OPAQUE_FROM = 128;

/**
 * Pixel mode: every pixel an exact square, the squares of each 4-connected area of one color
 * merged into one outline (with its holes), nothing smoothed. Rendered at the image's own size,
 * the result gives the input's pixels back; transparent pixels stay transparent. One layer per
 * color; the shapes tile the image without overlapping.
 */
export function tracePixel(image: RasterImage): { layers: Layer[] } {
  const { width: w, height: h, data } = image;
  const n = w * h;
  const colorOf = new Int32Array(n);
  for (let p = 0, o = 0; p < n; p++, o += 4) {
    colorOf[p] = data[o + 3] >= OPAQUE_FROM ? (data[o] << 16) | (data[o + 1] << 8) | data[o + 2] : -1;
  }
  const area = new Uint8Array(n);
  const stack = new Int32Array(n);
  const byColor = new Map<number, { pixels: number; subpaths: Subpath[] }>();
  for (let seed = 0; seed < n; seed++) {
    const color = colorOf[seed];
    if (color < 0 || area[seed]) continue;
    // The 4-connected area of this color around the seed, and its bounding box.
    const members: number[] = [];
    let x0 = w;
    let y0 = h;
    let x1 = 0;
    let y1 = 0;
    let top = 0;
    stack[top++] = seed;
    area[seed] = 1;
    while (top > 0) {
      const p = stack[--top];
      members.push(p);
      const x = p % w;
      const y = (p - x) / w;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const visit = (q: number) => {
        if (!area[q] && colorOf[q] === color) {
          area[q] = 1;
          stack[top++] = q;
        }
      };
      if (x > 0) visit(p - 1);
      if (x < w - 1) visit(p + 1);
      if (y > 0) visit(p - w);
      if (y < h - 1) visit(p + w);
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    const bits = new Uint8Array(bw * bh);
    for (const p of members) {
      const x = p % w;
      bits[((p - x) / w - y0) * bw + x - x0] = 1;
    }
    const entry = byColor.get(color) ?? { pixels: 0, subpaths: [] };
    entry.pixels += members.length;
    for (const path of decompose({ width: bw, height: bh, bits }, 0)) {
      entry.subpaths.push(straightOutline(path, x0, y0 + bh));
    }
    byColor.set(color, entry);
  }
  return {
    layers: [...byColor.entries()]
      .sort(([, a], [, b]) => b.pixels - a.pixels)
      .map(([color, { subpaths }]) => ({
        color: { r: (color >> 16) & 255, g: (color >> 8) & 255, b: color & 255 },
        subpaths,
      })),
  };
}

/**
 * A boundary path as straight lines in image coordinates (y down), one vertex per turn. The path
 * runs y up from the bottom of its box, whose bottom edge is image row `bottom`.
 */
function straightOutline(path: PixelPath, left: number, bottom: number): Subpath {
  const m = path.x.length;
  const at = (i: number): Point => ({ x: left + path.x[i % m], y: bottom - path.y[i % m] });
  const corners: Point[] = [];
  for (let i = 0; i < m; i++) {
    const prev = at(i + m - 1);
    const here = at(i);
    const next = at(i + 1);
    const turns = (here.x - prev.x) * (next.y - here.y) - (here.y - prev.y) * (next.x - here.x) !== 0;
    if (turns) corners.push(here);
  }
  const start = corners[0] as Point;
  const segments: Segment[] = corners.slice(1).map((to) => ({ kind: 'line', to }));
  segments.push({ kind: 'line', to: start });
  return { start, segments };
}
