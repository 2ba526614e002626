import type { FitPath } from '../geometry/line-fit.js';
import type { Polygon } from './polygon.js';

/**
 * For each vertex, the alpha that makes the curve round it as far out as the path really goes.
 * potrace derives alpha from the polygon alone (how far the vertex stands off its neighbours'
 * chord); with sub-pixel path points we can measure it: the curve from the middle m of the
 * previous edge to the middle of the next one reaches m + 0.75·(0.5 + 0.5·alpha)·(v - m) at its
 * own middle, so alpha follows from the path point that stands out furthest towards v.
 */
export function vertexBulge(p: FitPath, poly: Polygon): Float64Array {
  const { vx, vy, po } = poly;
  const m = vx.length;
  const n = p.x.length;
  const out = new Float64Array(m).fill(Number.NaN);
  for (let j = 0; j < m; j++) {
    const i = j === 0 ? m - 1 : j - 1;
    const k = j === m - 1 ? 0 : j + 1;
    const mx = (vx[i] + 2 * vx[j] + vx[k]) / 4;
    const my = (vy[i] + 2 * vy[j] + vy[k]) / 4;
    const dx = vx[j] - mx;
    const dy = vy[j] - my;
    const len2 = dx * dx + dy * dy;
    if (len2 < 1e-9) continue;
    // Path points between the middles of the two edges around vertex j.
    const a = po[i] + (((po[j] - po[i] + n) % n) >> 1);
    const b = po[j] + (((po[k] - po[j] + n) % n) >> 1);
    const count = (((b - a) % n) + n) % n;
    let best = Number.NEGATIVE_INFINITY;
    for (let q = a; q <= a + count; q++) {
      const r = q % n;
      const t = ((p.fx[r] - mx) * dx + (p.fy[r] - my) * dy) / len2;
      if (t > best) best = t;
    }
    if (Number.isFinite(best)) out[j] = (2 * best) / 0.75 - 1;
  }
  return out;
}
