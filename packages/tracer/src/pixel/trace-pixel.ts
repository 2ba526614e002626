import { OPAQUE_FROM } from '../alpha.js';
import { type Area, forEachArea } from '../areas.js';
import type { Layer, Point, RasterImage, Segment, Subpath } from '../model.js';
import { decompose, type PixelPath } from '../outline/decompose.js';

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
  const byColor = new Map<number, { pixels: number; subpaths: Subpath[] }>();
  let members: number[] = [];
  const areaOf = ({ key, size, left, top, right, bottom }: Area) => {
    // The area alone, in a bitmap of its box, traced along the pixels' edges.
    const bw = right - left + 1;
    const bh = bottom - top + 1;
    const bits = new Uint8Array(bw * bh);
    for (const p of members) {
      const x = p % w;
      bits[((p - x) / w - top) * bw + x - left] = 1;
    }
    members = [];
    const entry = byColor.get(key) ?? { pixels: 0, subpaths: [] };
    entry.pixels += size;
    for (const path of decompose({ width: bw, height: bh, bits }, 0)) {
      entry.subpaths.push(straightOutline(path, left, top + bh));
    }
    byColor.set(key, entry);
  };
  forEachArea(w, h, colorOf, areaOf, (p) => members.push(p));
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
