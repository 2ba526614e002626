import type { Bitmap, EdgeShift } from './bitmap.js';
import type { PixelPath } from './decompose.js';

/**
 * Moves each corner of a pixel path to where the anti-aliased image puts the edge. Every unit
 * edge of the path separates an inside and an outside pixel; `edgeShift` says how far the true
 * edge lies from their shared side. A corner between two parallel edges moves by their mean
 * shift; a corner where the path turns moves by both shifts, each along its own edge's normal
 * (the intersection of the two shifted edges). Thresholding alone leaves every edge up to half
 * a pixel off, which is most of potrace's error on small images.
 */
export function subpixelCorners(
  bitmap: Bitmap,
  path: PixelPath,
  edgeShift: EdgeShift,
): { fx: Float64Array; fy: Float64Array } {
  const { width: w, height: h, bits } = bitmap;
  const { x: xs, y: ys } = path;
  const n = xs.length;
  const nx = new Int8Array(n);
  const ny = new Int8Array(n);
  const shift = new Float64Array(n);
  const index = (px: number, py: number) =>
    px >= 0 && px < w && py >= 0 && py < h ? (h - 1 - py) * w + px : -1;
  for (let k = 0; k < n; k++) {
    const k1 = k + 1 === n ? 0 : k + 1;
    const dx = xs[k1] - xs[k];
    const dy = ys[k1] - ys[k];
    // Pixels left and right of the edge (potrace coordinates, y up).
    const left = index(Math.floor(xs[k] + (dx - dy) / 2), Math.floor(ys[k] + (dy + dx) / 2));
    const right = index(Math.floor(xs[k] + (dx + dy) / 2), Math.floor(ys[k] + (dy - dx) / 2));
    const leftInside = left >= 0 && bits[left] !== 0;
    const inside = leftInside ? left : right;
    const outside = leftInside ? right : left;
    nx[k] = leftInside ? dy : -dy;
    ny[k] = leftInside ? -dx : dx;
    shift[k] = inside >= 0 && outside >= 0 ? edgeShift(inside, outside) : 0;
  }
  const fx = new Float64Array(n);
  const fy = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const p = k === 0 ? n - 1 : k - 1;
    let ox: number;
    let oy: number;
    if (nx[p] === nx[k] && ny[p] === ny[k]) {
      const s = (shift[p] + shift[k]) / 2;
      ox = nx[k] * s;
      oy = ny[k] * s;
    } else {
      ox = nx[p] * shift[p] + nx[k] * shift[k];
      oy = ny[p] * shift[p] + ny[k] * shift[k];
    }
    fx[k] = xs[k] + ox;
    fy[k] = ys[k] + oy;
  }
  return { fx, fy };
}

/**
 * Places each corner from the ink in the 2x2 pixels around it: a straight edge with outward
 * normal u, passing at distance t outside the corner, leaves 2 + t·L pixels of ink in that
 * window, L = 2 / max(|ux|, |uy|) being the edge's length inside it. The normal comes from the
 * path itself, two corners either side. Exact for straight edges at any angle, where the
 * one-dimensional estimate across each pixel side is off on slanted edges.
 */
export function windowCorners(
  bitmap: Bitmap,
  path: PixelPath,
  ink: WindowInk,
): { fx: Float64Array; fy: Float64Array } {
  const { width: w, height: h } = bitmap;
  const { x: xs, y: ys } = path;
  const n = xs.length;
  const fx = Float64Array.from(xs);
  const fy = Float64Array.from(ys);
  // Paths run with the region they bound on their left; for a hole that region is background.
  const out = path.sign === '+' ? 1 : -1;
  for (let k = 0; k < n; k++) {
    const x = xs[k];
    const y = ys[k];
    if (x < 1 || y < 1 || x >= w || y >= h) continue;
    const a = k < 2 ? k + n - 2 : k - 2;
    const b = k + 2 >= n ? k + 2 - n : k + 2;
    const dx = xs[b] - xs[a];
    const dy = ys[b] - ys[a];
    const len = Math.hypot(dx, dy);
    const window = ink(x, h - y);
    if (len === 0 || Number.isNaN(window)) continue;
    const ux = (out * dy) / len;
    const uy = (-out * dx) / len;
    const t = ((window - 2) * Math.max(Math.abs(ux), Math.abs(uy))) / 2;
    const clamped = Math.max(-0.7, Math.min(0.7, t));
    fx[k] = x + clamped * ux;
    fy[k] = y + clamped * uy;
  }
  return { fx, fy };
}
