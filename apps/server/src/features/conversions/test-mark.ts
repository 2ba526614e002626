import type { Layer, Point, VectorImage } from '@vectrace/tracer';

/** Bands across the picture, one per this share of its diagonal. */
const BANDS = 6;
/** Each band's width, as a share of the shorter side. */
const BAND_WIDTH = 0.04;
const MARK_COLOR = { r: 156, g: 163, b: 175 };

/**
 * The API's test mode gives a result that shows the trace and is no use as artwork: gray
 * diagonal bands over it, in every format (they are shapes of the picture, not a comment).
 */
export function withTestMark(model: VectorImage): VectorImage {
  const { width: w, height: h } = model;
  const half = (Math.min(w, h) * BAND_WIDTH) / 2;
  const step = (w + h) / BANDS;
  const layer: Layer = { color: MARK_COLOR, subpaths: [] };
  // Bands along the lines x + y = c, from the bottom-left to the top-right, cut to the frame.
  const reach = w + h;
  const n = half / Math.SQRT2;
  for (let i = 1; i < BANDS; i++) {
    const c = i * step;
    const along = (t: number, side: number): Point => ({ x: c / 2 + t + side * n, y: c / 2 - t + side * n });
    const band = clipToFrame([along(-reach, -1), along(reach, -1), along(reach, 1), along(-reach, 1)], w, h);
    if (band.length < 3) continue;
    const [start, ...rest] = band as [Point, ...Point[]];
    layer.subpaths.push({
      start,
      segments: [...rest, start].map((to) => ({ kind: 'line' as const, to })),
    });
  }
  return {
    ...model,
    layers: [...model.layers, layer],
    vectorCount: model.vectorCount + layer.subpaths.length,
  };
}

/** The polygon cut to the frame [0, w] x [0, h] (Sutherland-Hodgman, one edge at a time). */
function clipToFrame(polygon: Point[], w: number, h: number): Point[] {
  const edges: ((p: Point) => number)[] = [(p) => p.x, (p) => w - p.x, (p) => p.y, (p) => h - p.y];
  let out = polygon;
  for (const inside of edges) {
    const input = out;
    out = [];
    input.forEach((p, i) => {
      const q = input[(i + 1) % input.length] as Point;
      const dp = inside(p);
      const dq = inside(q);
      if (dp >= 0) out.push(p);
      if (dp >= 0 !== dq >= 0) {
        const t = dp / (dp - dq);
        out.push({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t });
      }
    });
  }
  return out;
}
