import { type Branch, median, type PathRules } from './branch.js';
import { unit } from './fit.js';
import type { Graph } from './graph.js';
import { type InkLevels, inkAt, MIN_PEAK } from './section.js';

/**
 * Places a stroke's end. Where the ink goes on beyond the skeleton's end, it is carried on: to the
 * image's edge when the stroke runs off it (the nearest paper is beyond the edge), and a radius
 * into a filled area it was cut from, so that its round end overlaps the area. Elsewhere the end
 * is a round one: its middle half a stroke width back from where the ink ends (half ink) along
 * the stroke, which the skeleton's last pixel misses by up to a radius.
 */
export function placeEnd(
  branch: Branch,
  atStart: boolean,
  graph: Graph,
  pixel: number,
  rules: PathRules,
  ink: InkLevels,
): void {
  const { xs, ys } = branch;
  const n = xs.length;
  if (n < 2) return;
  const { stride, dist2 } = graph;
  const r = Math.sqrt(dist2[pixel]);
  const end = atStart ? 0 : n - 1;
  // The direction out of the end, from a point up to 3 px inside.
  let k = end;
  const step = atStart ? 1 : -1;
  while (k + step >= 0 && k + step < n && (xs[k] - xs[end]) ** 2 + (ys[k] - ys[end]) ** 2 < 9) k += step;
  const d = unit(xs[end] - xs[k], ys[end] - ys[k]);
  const x = xs[end];
  const y = ys[end];
  const { width, height, filled } = rules;
  const edge = Math.min(x, y, width - x, height - y);
  let length = 0;
  if (edge <= r + 0.5) {
    // Along d to the frame, if it leads there.
    let t = Number.POSITIVE_INFINITY;
    if (d.x < -1e-9) t = Math.min(t, -x / d.x);
    if (d.x > 1e-9) t = Math.min(t, (width - x) / d.x);
    if (d.y < -1e-9) t = Math.min(t, -y / d.y);
    if (d.y > 1e-9) t = Math.min(t, (height - y) / d.y);
    if (t <= r + 2) length = t;
  } else if (filled && touches(filled, pixel, stride)) {
    length = r + 1;
  } else {
    roundEnd(branch, end, r, ink);
    return;
  }
  if (length <= 0) return;
  if (atStart) {
    xs.unshift(x + d.x * length);
    ys.unshift(y + d.y * length);
    for (const c of branch.corners) c.i++;
  } else {
    xs.push(x + d.x * length);
    ys.push(y + d.y * length);
  }
}

/**
 * Moves the end point `end` to the middle of its round end. The skeleton's last pixels wander
 * towards the end's rim, so the end is measured from a point a radius inside it, along the
 * direction of the stroke before that point: where the ink along it falls below half is the tip,
 * and the end half a stroke width back from it. It moves by at most r + 1 px.
 */
function roundEnd(branch: Branch, end: number, r: number, ink: InkLevels): void {
  const { xs, ys, widths, peaks } = branch;
  const n = xs.length;
  const step = end === 0 ? 1 : -1;
  const from = (k: number) => Math.sqrt((xs[k] - xs[end]) ** 2 + (ys[k] - ys[end]) ** 2);
  // The anchor: the first point a radius (at least 1.5 px) inside, on the ink; the direction from farther in.
  const peak = peaks.length > 0 ? median(peaks) : 1;
  const cut = 0.5 * peak;
  let a = end;
  while (a + step >= 0 && a + step < n && (from(a) < Math.max(1.5, r) || inkAt(ink, xs[a], ys[a]) < cut))
    a += step;
  let q = a;
  const reach = from(a) + Math.max(3, r);
  while (q + step >= 0 && q + step < n && from(q) < reach) q += step;
  if (q === a || a === end) return;
  // A corner before the anchor ends the run the direction is measured on; one past it is a hook
  // of the end's last pixels, and goes with them.
  if (branch.corners.some((c) => (end === 0 ? c.i > a && c.i <= q : c.i < a && c.i >= q))) return;
  branch.corners = branch.corners.filter((c) => (end === 0 ? c.i > a : c.i < a));
  const d = unit(xs[a] - xs[q], ys[a] - ys[q]);
  const half = (widths.length > 0 && peak > MIN_PEAK ? median(widths) / peak : 2 * r - 1) / 2;
  const x = xs[a];
  const y = ys[a];
  let before = inkAt(ink, x, y);
  if (before < cut) return;
  // The tip: where the ink along the stroke falls below half, between two samples.
  const limit = from(a) + half + r + 2;
  let tip = Number.NaN;
  for (let t = 0.25; t <= limit; t += 0.25) {
    const v = inkAt(ink, x + t * d.x, y + t * d.y);
    if (v < cut) {
      tip = t - (0.25 * (cut - v)) / (before - v);
      break;
    }
    before = v;
  }
  if (Number.isNaN(tip)) return;
  const along = Math.max(-r, Math.min(from(a) + r + 1, tip - half));
  const ex = x + along * d.x;
  const ey = y + along * d.y;
  // The points after the anchor give way to the new end; so does the anchor, when the end is behind it.
  const keep = along > 0.25 ? a : a - step;
  if (end === 0) {
    xs.splice(0, keep, ex);
    ys.splice(0, keep, ey);
    for (const c of branch.corners) c.i += 1 - keep;
  } else {
    xs.splice(keep + 1, n - 1 - keep, ex);
    ys.splice(keep + 1, n - 1 - keep, ey);
  }
}

/** Whether a pixel or one of its eight neighbours is set in `mask`. */
function touches(mask: Uint8Array, p: number, stride: number): boolean {
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) if (mask[p + dy * stride + dx] !== 0) return true;
  return false;
}
