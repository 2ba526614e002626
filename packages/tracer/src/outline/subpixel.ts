import type { Bitmap, WindowInk } from './bitmap.js';
import type { PixelPath } from './decompose.js';
import { workF64 } from './work.js';

/** Ink this far from a whole number of pixels shows gray levels: the edge is anti-aliased. */
const GRAY = 0.05;

/**
 * Places each corner from the ink in the 2x2 pixels around it: a straight edge with outward
 * normal u, passing at distance t outside the corner, leaves 2 + t·L pixels of ink in that
 * window, L = 2 / max(|ux|, |uy|) being the edge's length inside it. The normal comes from the
 * path itself, two corners either side. Exact for straight edges at any angle, where the
 * one-dimensional estimate across each pixel side is off on slanted edges. Also returns the share
 * of corners whose window holds gray levels: on aliased art (no gray) the placement only evens out
 * the staircase. The corners are in working arrays (see work.ts), valid until the next path's.
 */
export function windowCorners(
  bitmap: Bitmap,
  path: PixelPath,
  ink: WindowInk,
): { fx: Float64Array; fy: Float64Array; gray: number } {
  const { width: w, height: h } = bitmap;
  const { x: xs, y: ys } = path;
  const n = xs.length;
  const { fx, fy } = gridCorners(path);
  // Paths run with the region they bound on their left; for a hole that region is background.
  const out = path.sign === '+' ? 1 : -1;
  let gray = 0;
  for (let k = 0; k < n; k++) {
    const x = xs[k];
    const y = ys[k];
    if (x < 1 || y < 1 || x >= w || y >= h) continue;
    const a = k < 2 ? k + n - 2 : k - 2;
    const b = k + 2 >= n ? k + 2 - n : k + 2;
    const dx = xs[b] - xs[a];
    const dy = ys[b] - ys[a];
    const len = Math.sqrt(dx * dx + dy * dy);
    const window = ink(x, h - y);
    if (len === 0 || Number.isNaN(window)) continue;
    if (Math.abs(window - Math.round(window)) > GRAY) gray++;
    const ux = (out * dy) / len;
    const uy = (-out * dx) / len;
    const t = ((window - 2) * Math.max(Math.abs(ux), Math.abs(uy))) / 2;
    const clamped = Math.max(-0.7, Math.min(0.7, t));
    fx[k] = x + clamped * ux;
    fy[k] = y + clamped * uy;
  }
  return { fx, fy, gray: gray / n };
}

/**
 * The path's corners on the pixel grid, in views of working arrays (see work.ts), valid until the
 * next path's: they only live while its outline is fitted.
 */
export function gridCorners(path: PixelPath): { fx: Float64Array; fy: Float64Array } {
  const { x: xs, y: ys } = path;
  const n = xs.length;
  const fx = workF64('corners.x', n).subarray(0, n);
  const fy = workF64('corners.y', n).subarray(0, n);
  for (let k = 0; k < n; k++) {
    fx[k] = xs[k];
    fy[k] = ys[k];
  }
  return { fx, fy };
}
