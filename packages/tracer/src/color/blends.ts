import { copiedU8 } from '../outline/work.js';
import { coverageOf } from './ink.js';

/** sRGB distance from a blend of two colors within which a pixel is taken for that blend. */
const BLEND_TOLERANCE = 20;
/** sRGB distance from its own label's color within which a pixel is that color, not a blend. */
const CLOSE = 6;
/** Least coverage of the middle of a thin line (see thinLine): fainter is not drawn. */
const MIN_LINE_COVER = 0.2;
/** Rounding allowed for in the bound that passes over blends too far from a pixel. */
const FAR_SLACK = 1e-6;
/** Coverage from which a pixel is a line's or a shape's solid color. */
const SOLID = 0.9;

/**
 * Gives anti-aliased edge pixels to one of the two colors they blend. An edge pixel between
 * gray and white is light gray, and when the palette has a light gray it would otherwise form
 * a sliver of that color along the whole edge: an extra outline that is not in the picture.
 * Each edge pixel (`rough`) whose color is explained better by a blend of two labels (its own or
 * found within two pixels along rows and columns) than by its own label takes the one it is
 * nearer to along the sRGB line between them, as renderers blend: by how much it is covered.
 * The `fixed` label (transparency, decided by alpha) is neither given nor taken. On `clean` art
 * (no grain), a pixel no label explains may be the middle of a thin line of any label.
 */
export function unblendEdges(
  labels: Uint8Array,
  color: Uint32Array,
  rough: Uint8Array,
  width: number,
  height: number,
  labelRgb: Float64Array,
  fixed = -1,
  clean = true,
): void {
  const before = copiedU8('labels before', labels);
  const covered = coverageOf({ color, labelRgb });
  const coverage = (q: number, from: number, to: number) => Math.min(1, Math.max(0, covered(q, from, to)));
  const labelCount = labelRgb.length / 3;
  const near = new Int32Array(13);
  // ...the pixel's sRGB difference from each, its square and its length.
  const offR = new Float64Array(13);
  const offG = new Float64Array(13);
  const offB = new Float64Array(13);
  const apart2 = new Float64Array(13);
  const apart = new Float64Array(13);
  // Each pair of labels' sRGB difference and its squared length, worked out once.
  const pairs = new Float64Array(labelCount * labelCount * 4);
  // ...and its length.
  const lengths = new Float64Array(labelCount * labelCount);
  for (let a = 0; a < labelCount; a++) {
    for (let e = 0; e < labelCount; e++) {
      const k = (a * labelCount + e) * 4;
      pairs[k] = labelRgb[e * 3] - labelRgb[a * 3];
      pairs[k + 1] = labelRgb[e * 3 + 1] - labelRgb[a * 3 + 1];
      pairs[k + 2] = labelRgb[e * 3 + 2] - labelRgb[a * 3 + 2];
      pairs[k + 3] = pairs[k] * pairs[k] + pairs[k + 1] * pairs[k + 1] + pairs[k + 2] * pairs[k + 2];
      lengths[k >> 2] = Math.sqrt(pairs[k + 3]);
    }
  }
  // Each label's others, nearest first, and their distances (see sortOthers).
  const byLength = new Int32Array(labelCount * labelCount);
  const sortedLengths = new Float64Array(labelCount * labelCount);
  // Whether a label's row of the two is sorted yet: only clean art's unexplained pixels read them.
  const sorted = new Uint8Array(labelCount);
  // The neighbours looked at: two pixels along the row and the column, one along the diagonals.
  const dx = [-1, -2, 1, 2, 0, 0, 0, 0, -1, 1, -1, 1];
  const dy = [0, 0, 0, 0, -1, -2, 1, 2, -1, -1, 1, 1];
  const step = dx.map((d, k) => d + dy[k] * width);
  // listed[l] === p: label l is among pixel p's labels in `near` already (or is the fixed one).
  const listed = new Int32Array(labelCount).fill(-1);
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      if (rough[p] === 0) continue;
      const own = before[p];
      if (own === fixed) continue;
      // A pixel inside its own label's region stays: only region borders hold slivers. On clean art
      // one its label does not explain may be the middle of a thin line (a gray fold line across a
      // light gray fill, every pixel of it sorted under the fill): it is looked at too.
      const embedded =
        (x === 0 || before[p - 1] === own) &&
        (x + 1 === width || before[p + 1] === own) &&
        (y === 0 || before[p - width] === own) &&
        (y + 1 === height || before[p + width] === own);
      const c = color[p];
      const r = c >> 16;
      const g = (c >> 8) & 255;
      const b = c & 255;
      const o = own * 3;
      const ownError = (r - labelRgb[o]) ** 2 + (g - labelRgb[o + 1]) ** 2 + (b - labelRgb[o + 2]) ** 2;
      // A pixel of its own label's color is no blend, whatever lies around it.
      if (ownError < CLOSE * CLOSE) continue;
      // A color that none of its labels explain (light pink, sorted under gray, along a slanting
      // red line whose pixels all hold less than half of it) may be the middle of a line of any
      // label; on clean art only: in a photo's grain most pixels are explained by none.
      const unexplained = clean && ownError > BLEND_TOLERANCE ** 2;
      if (embedded && !unexplained) continue;
      // Its own label and the labels around, in the order met: a gray pixel of a thin dark stroke,
      // sorted under the paper, is a blend of paper and stroke, and so is a pink one beside a
      // slanting red line.
      listed[own] = p;
      if (fixed >= 0) listed[fixed] = p;
      near[0] = own;
      let count = 1;
      const inner = x >= 2 && y >= 2 && x + 2 < width && y + 2 < height;
      for (let k = 0; k < step.length; k++) {
        if (!inner) {
          const qx = x + dx[k];
          const qy = y + dy[k];
          if (qx < 0 || qx >= width || qy < 0 || qy >= height) continue;
        }
        const l = before[p + step[k]];
        if (listed[l] === p) continue;
        listed[l] = p;
        near[count++] = l;
      }
      if (count < 2 && !unexplained) continue;
      let best = Math.min(BLEND_TOLERANCE ** 2, ownError);
      // The best pair of labels found, and the pixel's place between them.
      let from = -1;
      let to = -1;
      let at = 0;
      for (let i = 0; i < count; i++) {
        const a = near[i] * 3;
        offR[i] = r - labelRgb[a];
        offG[i] = g - labelRgb[a + 1];
        offB[i] = b - labelRgb[a + 2];
        apart2[i] = offR[i] * offR[i] + offG[i] * offG[i] + offB[i] * offB[i];
        apart[i] = Math.sqrt(apart2[i]);
      }
      // Pairs of which one at least is around the pixel.
      for (let i = 0; i < count; i++) {
        const l = near[i];
        const ra = offR[i];
        const ga = offG[i];
        const ba = offB[i];
        const row = l * labelCount;
        const distance2 = apart2[i];
        // No blend is nearer the pixel than its distance from either end less the blend's length
        // (the best error so far only falls, so the bound from its value here holds for the row).
        const bound = Math.sqrt(best);
        const reach = apart[i] - bound - FAR_SLACK;
        for (let j = i + 1; j < count; j++) {
          const e = near[j];
          const k = (row + e) * 4;
          const dd = pairs[k + 3];
          const length = lengths[k >> 2];
          if (dd === 0 || length < reach || length < apart[j] - bound - FAR_SLACK) continue;
          const u = Math.min(1, Math.max(0, (ra * pairs[k] + ga * pairs[k + 1] + ba * pairs[k + 2]) / dd));
          const err = (ra - u * pairs[k]) ** 2 + (ga - u * pairs[k + 1]) ** 2 + (ba - u * pairs[k + 2]) ** 2;
          if (err >= best) continue;
          best = err;
          from = l;
          to = e;
          at = u;
        }
        if (!unexplained) continue;
        // A label from beyond the pixel's neighbours explains it only as the middle of a thin line
        // of that label, covered at least MIN_LINE_COVER and less than half (see thinLine): JPEG's
        // ringing beside a flat area is no blend of a far color. Covered t, the blend lies within
        // the best error of the pixel only when the pixel's projection onto the pair's line,
        // t times its length, is at least sqrt(distance² - best) and at most the distance: so
        // the pair's length lies between twice the one and 1 / MIN_LINE_COVER times the other.
        const shortest = 2 * Math.sqrt(Math.max(0, distance2 - best)) - FAR_SLACK;
        const longest = apart[i] / MIN_LINE_COVER + FAR_SLACK;
        if (sorted[l] === 0) {
          sortOthers(l, labelCount, lengths, byLength, sortedLengths);
          sorted[l] = 1;
        }
        let lo = row;
        let hi = row + labelCount;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (sortedLengths[mid] < shortest) lo = mid + 1;
          else hi = mid;
        }
        for (let s = lo; s < row + labelCount && sortedLengths[s] <= longest; s++) {
          const e = byLength[s];
          const k = (row + e) * 4;
          const dd = pairs[k + 3];
          if (listed[e] === p || dd === 0) continue;
          const t = (ra * pairs[k] + ga * pairs[k + 1] + ba * pairs[k + 2]) / dd;
          if (t < MIN_LINE_COVER || t >= 0.5) continue;
          const err = (ra - t * pairs[k]) ** 2 + (ga - t * pairs[k + 1]) ** 2 + (ba - t * pairs[k + 2]) ** 2;
          if (err >= best || !thinLine(p, t, l, e)) continue;
          best = err;
          from = l;
          to = e;
          at = t;
        }
      }
      if (from < 0) continue;
      // The pixel goes to the side it is nearer to; the less covered side may still be the middle
      // of a thin line.
      if (at < 0.5) labels[p] = thinLine(p, at, from, to) ? to : from;
      else labels[p] = thinLine(p, 1 - at, to, from) ? from : to;
    }
  }

  /**
   * Whether pixel p, covered `t` by label `line` over label `ground`, is the middle of a line thinner
   * than a pixel: by at least a fifth, and across the row or the column covered at least as much
   * as both neighbours and more than one, where the other way it is not the rim of a shape (solid
   * on one side, less covered on the other). An anti-aliased 1 px line at a slant covers each
   * pixel it crosses by half or less: given to the paper, it would come out dashed.
   */
  function thinLine(p: number, t: number, ground: number, line: number): boolean {
    if (t < MIN_LINE_COVER) return false;
    const x = p % width;
    const y = (p / width) | 0;
    if (x === 0 || y === 0 || x + 1 === width || y + 1 === height) return false;
    const left = coverage(p - 1, ground, line);
    const right = coverage(p + 1, ground, line);
    const up = coverage(p - width, ground, line);
    const down = coverage(p + width, ground, line);
    // Along a shape's edge the coverage rises and falls too; across it, the shape is on one side.
    return (across(left, right, t) && !rim(up, down, t)) || (across(up, down, t) && !rim(left, right, t));
  }
}

/** Whether the coverages a and b on either side of a pixel covered t are no more than t, one of them less. */
function across(a: number, b: number, t: number): boolean {
  return a <= t && b <= t && Math.min(a, b) < t;
}

/** Whether the coverages a and b on either side of a pixel covered t are a shape's solid inside and, less than t, its outside. */
function rim(a: number, b: number, t: number): boolean {
  return Math.max(a, b) >= SOLID && Math.min(a, b) < t;
}

/**
 * Label a's others, nearest first, into its row of `byLength`, and their distances into its row of
 * `sortedLengths` (`lengths`: each pair's, a row per label): the far labels that can explain a pixel
 * lie in a window of lengths from a near one.
 */
function sortOthers(
  a: number,
  labelCount: number,
  lengths: Float64Array,
  byLength: Int32Array,
  sortedLengths: Float64Array,
): void {
  const row = a * labelCount;
  const order = Array.from({ length: labelCount }, (_, e) => e).sort(
    (e, f) => lengths[row + e] - lengths[row + f] || e - f,
  );
  for (let s = 0; s < labelCount; s++) {
    byLength[row + s] = order[s];
    sortedLengths[row + s] = lengths[row + order[s]];
  }
}
