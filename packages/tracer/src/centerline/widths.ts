import type { Subpath } from '../model.js';
import { median } from './branch.js';
import type { CenterPath } from './paths.js';
import { MIN_PEAK } from './section.js';

/**
 * A path's width: the median ink across it over the median darkness of its ink, so that a gray
 * stroke is as wide as it looks (NaN when no cross-section reached the paper on both sides).
 */
export function widthOf(path: CenterPath): number {
  const { widths, peaks } = path;
  if (widths.length === 0) return Number.NaN;
  const ink = median(widths);
  const dark = median(peaks);
  return dark > MIN_PEAK ? ink / dark : ink;
}

/** Strokes are drawn in layers of one width: a new layer starts where the sorted widths jump by this ratio. */
const WIDTH_GAP = 1.3;
/** A path measured across fewer times than this (a dot, a short tick) takes the typical width. */
const MIN_SECTIONS = 5;

/**
 * The strokes in layers of one width each: all in one at the given width, else grouped where
 * their measured widths jump (2 px hatching beside 6 px outlines), each group drawn at its median.
 */
export function byWidth(
  strokes: { subpath: Subpath; width: number; sections: number }[],
  given: number,
  typical: number,
): { subpaths: Subpath[]; width: number }[] {
  if (strokes.length === 0) return [];
  if (given > 0) return [{ subpaths: strokes.map((s) => s.subpath), width: given }];
  const measured = strokes
    .filter((s) => s.sections >= MIN_SECTIONS && Number.isFinite(s.width))
    .map((s) => s.width);
  const fallback = measured.length > 0 ? median(measured) : Math.max(1, typical);
  const sorted = strokes
    .map((s) => ({
      ...s,
      width: s.sections >= MIN_SECTIONS && Number.isFinite(s.width) ? s.width : fallback,
    }))
    .sort((a, b) => a.width - b.width);
  const groups: { subpaths: Subpath[]; widths: number[] }[] = [];
  let last = 0;
  for (const s of sorted) {
    const group = groups[groups.length - 1];
    if (group && s.width <= last * WIDTH_GAP) {
      group.subpaths.push(s.subpath);
      group.widths.push(s.width);
    } else {
      groups.push({ subpaths: [s.subpath], widths: [s.width] });
    }
    last = s.width;
  }
  return groups.map((g) => ({ subpaths: g.subpaths, width: round2(Math.max(0.5, median(g.widths))) }));
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
