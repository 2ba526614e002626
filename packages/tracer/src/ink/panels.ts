/**
 * Light text on a panel (a selected row, a colored button, an address bar, a badge). On a
 * mid-tone panel, lighter than the cut, panel and text are both paper at a global cut and the
 * text is lost; on a dark one, its small text breaks up, as thin lines of paper in ink. Such a
 * panel is read on its own scale, as Sauvola's local reading does (its level is full ink, the
 * paper's none, so its edges fall half way between the two), and as a small dark screen: its
 * light text is drawn whole (see continueThinLines, on the negative).
 */

import { continueThinLines } from './thin-lines.js';

/** Least ink level (of 255) of a panel: a clear tone. */
const MIN_PANEL_LEVEL = 64;

/** Least size of a panel, in pixels, and its least height and width: a row of text fits in it. */
const MIN_PANEL_AREA = 400;
const MIN_PANEL_SIDE = 8;

/** Least share of its box a panel fills: a bar or a box, with its text as holes. */
const MIN_FILL = 0.5;

/** Least share of a panel's box in light text (under half the panel's level). */
const MIN_TEXT_SHARE = 0.03;

/** Least share of a panel's light pixels in thin strokes (see thinShare): text, not shapes. */
const MIN_THIN_TEXT = 0.6;

/** Strokes at most this many pixels wide are thin. */
const THIN = 3;

/** Most a panel's levels spread (of 255) around its median: one flat tone. */
const FLAT = 24;

/**
 * Ink levels with every panel holding light text read on its own scale (see above): the levels in
 * its box divided by the panel's own (its median), its light text drawn whole; undefined when
 * the picture has none.
 * A panel is a 4-connected area of levels from MIN_PANEL_LEVEL up, mostly within FLAT of its
 * median, large and filled (see MIN_PANEL_AREA, MIN_PANEL_SIDE, MIN_FILL and `solidRows`), holding
 * light text (under half its level, in thin strokes: see MIN_TEXT_SHARE and MIN_THIN_TEXT) and
 * less dark ink (2 FLAT darker than it) than text in its box.
 */
export function lightTextPanels(
  levels: Uint8Array,
  width: number,
  height: number,
  cut: number,
): Uint8Array | undefined {
  const seen = new Uint8Array(levels.length);
  const queue = new Int32Array(levels.length);
  let out: Uint8Array | undefined;
  for (let start = 0; start < levels.length; start++) {
    if (seen[start] || levels[start] < MIN_PANEL_LEVEL) continue;
    // The area of mid-tones around `start` and its box.
    let end = 0;
    queue[end++] = start;
    seen[start] = 1;
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    for (let head = 0; head < end; head++) {
      const p = queue[head];
      const x = p % width;
      const y = (p / width) | 0;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let k = 0; k < 4; k++) {
        if (
          (k === 0 && x === 0) ||
          (k === 1 && x + 1 === width) ||
          (k === 2 && y === 0) ||
          (k === 3 && y + 1 === height)
        ) {
          continue;
        }
        const q = p + (k === 0 ? -1 : k === 1 ? 1 : k === 2 ? -width : width);
        if (seen[q] || levels[q] < MIN_PANEL_LEVEL) continue;
        seen[q] = 1;
        queue[end++] = q;
      }
    }
    if (end < MIN_PANEL_AREA || x1 - x0 < MIN_PANEL_SIDE || y1 - y0 < MIN_PANEL_SIDE) continue;
    const panel = solidRows(queue.subarray(0, end), width, y0, y1);
    if (!panel) continue;
    const counts = new Int32Array(256);
    for (let k = 0; k < end; k++) counts[levels[queue[k]]]++;
    const level = median(counts, end);
    let flat = 0;
    for (let v = Math.max(0, level - FLAT); v <= Math.min(255, level + FLAT); v++) flat += counts[v];
    if (flat < MIN_FILL * end) continue;
    ({ x0, y0, x1, y1 } = panel);
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    const light = (v: number) => v < level / 2;
    let dark = 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) if (levels[y * width + x] > level + 2 * FLAT) dark++;
    const text = thinShare(levels, width, panel, light);
    if (text.count < MIN_TEXT_SHARE * w * h || text.thin < MIN_THIN_TEXT * text.count || dark >= text.count)
      continue;
    out ??= levels.slice();
    // The panel on its own scale, as a small dark screen: its light text is its thin lines.
    const negative = new Uint8Array(w * h);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        negative[(y - y0) * w + x - x0] =
          255 - Math.min(255, Math.round((levels[y * width + x] * 255) / level));
      }
    }
    const drawn = continueThinLines(negative, w, h, 1 - cut, { drawn: () => true, alone: true });
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) out[y * width + x] = 255 - drawn[(y - y0) * w + x - x0];
    }
  }
  return out;
}

/**
 * The solid part of an area (its pixels `area`, rows y0 to y1): the longest run of rows each
 * holding at least a third of the fullest row's pixels, and the columns those rows' pixels span
 * (a selected row without the thin line that touches it), when it is large and filled enough
 * (see MIN_PANEL_SIDE, MIN_PANEL_AREA and MIN_FILL); undefined otherwise.
 */
function solidRows(
  area: Int32Array,
  width: number,
  y0: number,
  y1: number,
): { x0: number; y0: number; x1: number; y1: number } | undefined {
  const rows = new Int32Array(y1 - y0 + 1);
  for (const p of area) rows[((p / width) | 0) - y0]++;
  const full = Math.max(...rows);
  let best = { from: 0, to: -1 };
  for (let from = 0; from < rows.length; ) {
    if (3 * rows[from] < full) {
      from++;
      continue;
    }
    let to = from;
    while (to + 1 < rows.length && 3 * rows[to + 1] >= full) to++;
    if (to - from > best.to - best.from) best = { from, to };
    from = to + 1;
  }
  let x0 = width;
  let x1 = -1;
  let count = 0;
  for (const p of area) {
    const y = ((p / width) | 0) - y0;
    if (y < best.from || y > best.to) continue;
    const x = p % width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    count++;
  }
  const w = x1 - x0 + 1;
  const h = best.to - best.from + 1;
  if (h < MIN_PANEL_SIDE || w < MIN_PANEL_SIDE || count < MIN_PANEL_AREA || count < MIN_FILL * w * h)
    return undefined;
  return { x0, y0: y0 + best.from, x1, y1: y0 + best.to };
}

/**
 * How many pixels in a box are light, and how many of those are in thin strokes: in a run of
 * light pixels at most THIN long along their row or their column.
 */
function thinShare(
  levels: Uint8Array,
  width: number,
  { x0, y0, x1, y1 }: { x0: number; y0: number; x1: number; y1: number },
  light: (v: number) => boolean,
): { count: number; thin: number } {
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const isLight = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) isLight[y * w + x] = light(levels[(y + y0) * width + x + x0]) ? 1 : 0;
  const thin = new Uint8Array(w * h);
  // Runs along each row, then along each column.
  for (const [n, m, step, next] of [
    [h, w, 1, w],
    [w, h, w, 1],
  ]) {
    for (let line = 0; line < n; line++) {
      for (let k = 0; k < m; ) {
        const at = line * next + k * step;
        if (!isLight[at]) {
          k++;
          continue;
        }
        let end = k;
        while (end < m && isLight[line * next + end * step]) end++;
        if (end - k <= THIN) for (let j = k; j < end; j++) thin[line * next + j * step] = 1;
        k = end;
      }
    }
  }
  let count = 0;
  let thinCount = 0;
  for (let i = 0; i < isLight.length; i++) {
    count += isLight[i];
    thinCount += thin[i];
  }
  return { count, thin: thinCount };
}

/** The median level of a histogram of `total` pixels. */
function median(counts: Int32Array, total: number): number {
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v];
    if (2 * seen >= total) return v;
  }
  return 255;
}
