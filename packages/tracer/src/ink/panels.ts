/**
 * Light text on a panel (a selected row, a colored button, an address bar, a badge). On a
 * mid-tone panel, lighter than the cut, panel and text are both paper at a global cut and the
 * text is lost; on a dark one, its small text breaks up, as thin lines of paper in ink. Such a
 * panel is read on its own scale, as Sauvola's local reading does (its level is full ink, the
 * paper's none, so its edges fall half way between the two), and as a small dark screen: its
 * light text is drawn whole (see continueThinLines, on the negative).
 */

import { type Area, forEachArea } from '../geometry/areas.js';
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

/** A panel's box (inclusive) and its own level. */
interface Panel {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  level: number;
}

/**
 * Ink levels with every panel holding light text read on its own scale (see above): the levels in
 * its box divided by the panel's own (its median), its light text drawn whole; undefined when
 * the picture has none.
 */
export function lightTextPanels(
  levels: Uint8Array,
  width: number,
  height: number,
  cut: number,
): Uint8Array | undefined {
  const keys = new Int8Array(levels.length);
  for (let p = 0; p < levels.length; p++) keys[p] = levels[p] >= MIN_PANEL_LEVEL ? 0 : -1;
  let pixels = new Int32Array(1024);
  let count = 0;
  let out: Uint8Array | undefined;
  forEachArea(
    width,
    height,
    keys,
    (area) => {
      const found = pixels.subarray(0, count);
      count = 0;
      const panel = panelOf(found, levels, width, area);
      if (!panel) return;
      out ??= levels.slice();
      readOnOwnScale(out, levels, width, panel, cut);
    },
    (p) => {
      if (count === pixels.length) {
        const bigger = new Int32Array(2 * count);
        bigger.set(pixels);
        pixels = bigger;
      }
      pixels[count++] = p;
    },
  );
  return out;
}

/**
 * The panel an area of levels from MIN_PANEL_LEVEL up (its pixels `found`) is, if it is one: its
 * solid part large and filled (see `solidRows`), mostly within FLAT of its median level, holding
 * light text (under half its level, in thin strokes: see MIN_TEXT_SHARE and MIN_THIN_TEXT) and
 * less dark ink (2 FLAT darker than it) than text in its box.
 */
function panelOf(found: Int32Array, levels: Uint8Array, width: number, area: Area): Panel | undefined {
  if (found.length < MIN_PANEL_AREA) return undefined;
  if (area.right - area.left < MIN_PANEL_SIDE || area.bottom - area.top < MIN_PANEL_SIDE) return undefined;
  const box = solidRows(found, width, area.top, area.bottom);
  if (!box) return undefined;
  const counts = new Int32Array(256);
  for (const p of found) counts[levels[p]]++;
  const level = median(counts, found.length);
  let flat = 0;
  for (let v = Math.max(0, level - FLAT); v <= Math.min(255, level + FLAT); v++) flat += counts[v];
  if (flat < MIN_FILL * found.length) return undefined;
  const { x0, y0, x1, y1 } = box;
  let dark = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) if (levels[y * width + x] > level + 2 * FLAT) dark++;
  }
  const text = thinShare(levels, width, box, (v) => v < level / 2);
  const enough = text.count >= MIN_TEXT_SHARE * (x1 - x0 + 1) * (y1 - y0 + 1);
  if (!enough || text.thin < MIN_THIN_TEXT * text.count || dark >= text.count) return undefined;
  return { ...box, level };
}

/**
 * Writes the panel's box into `out` on the panel's own scale, as a small dark screen: its level
 * full ink, and its light text, its thin lines, drawn whole (continueThinLines on the negative).
 */
function readOnOwnScale(out: Uint8Array, levels: Uint8Array, width: number, panel: Panel, cut: number): void {
  const { x0, y0, x1, y1, level } = panel;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
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
  let full = 0;
  for (const count of rows) full = Math.max(full, count);
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
