import type { Gradient, GradientStop } from '../model.js';
import { rgbDifference } from './histogram.js';
import { oklabToSrgb, srgbToOklab } from './oklab.js';
import { findRegions, type RegionMap, regionAt, runsByRegion } from './regions.js';
import { findRuns } from './runs.js';

/**
 * Mean sum of absolute RGB differences across a border, pixel to pixel, up to which two regions
 * are steps of one shading: a band's border in a smooth gradient changes by a level or two per
 * channel, where an edge (even anti-aliased) jumps by tens. A group no gradient fits is split
 * along its steeper borders, at the next of these, and its parts fitted again: a ball lit on one
 * side and shaded on the other is two gradients, not one.
 */
const SOFT_STEPS = [9, 6, 4];
/** Least pixel pairs along a border for it to be judged. */
const MIN_BORDER = 3;
/** Least pixels of a shaded group to fit it with a gradient. */
const MIN_AREA = 64;
/** Most stops of a gradient, before the ones the colors do not need are dropped. */
const MAX_STOPS = 32;
/** Least width of the span (pixels) each stop stands for. */
const STOP_SPAN = 2;
/** sRGB levels a stop may lie off the line between its neighbours and still be dropped. */
const STOP_TOLERANCE = 1.5;
/** sRGB distance by which a gradient's mean error may exceed the flat bands' and still be taken. */
const ERROR_MARGIN = 0.5;
/**
 * sRGB distance by which a gradient may lie farther from a region's pixels than the region's own
 * color and still take it in: farther, the region is a detail on the shading (a vessel across a lit
 * surface, a thin line on a sky), not a band of it, and stays a shape of its own.
 */
const FEATURE_ERROR = 4;
/** Most pixels a region is judged on (see FEATURE_ERROR). */
const FEATURE_PIXELS = 1024;
/**
 * Share of a group's pixels in parts at most THIN_BAND pixels across (along a row or a column) from
 * which it is no shading: a shaded layer is painted first, under the flat ones, and shows only
 * through their holes, which close up where they are that thin (a web page's scanlines, each a
 * pixel tall, came out solid black).
 */
const MAX_THIN_SHARE = 0.5;
const THIN_BAND = 2;
/** Most times a group is fitted, each time without the regions its gradient leaves unexplained. */
const FIT_ROUNDS = 3;
/**
 * Most pixels a group is fitted and judged on, spread evenly over it: a photo's background, one
 * group of thousands of regions, costs no more than an icon's highlight.
 */
const MAX_FIT_PIXELS = 16_384;

/** Smooth shading found in a labelled picture (see `findGradients`). */
export interface Shading {
  map: RegionMap;
  /** sRGB of every label, 3 numbers a label: a gradient's label has its mean color. */
  labelRgb: Float64Array;
  /** The gradient of every label that has one. */
  gradients: (Gradient | undefined)[];
  /**
   * How much farther the gradients lie from the pixels than the flat bands they replace: the mean
   * sRGB error's change summed over their pixels (below 0 where they are closer).
   */
  excess: number;
  /** How much the gradients take in: the regions they merge away (each one's, less one), and their pixels. */
  extent: ShadingExtent;
}

/** How much shading takes in (see `Shading.extent`). */
export interface ShadingExtent {
  merged: number;
  area: number;
}

/** The picture as the color mode has cut it: its pixels, labels, regions and label colors. */
export interface ShadingInput {
  color: Uint32Array;
  labels: Uint8Array;
  map: RegionMap;
  labelRgb: Float64Array;
  /** Labels never shaded: the background's, transparency's. */
  fixed: (label: number) => boolean;
  /**
   * Whether shading that takes in so much is worth fitting, asked first of the most it could take
   * in (every group of bands fitted); no fit is tried when not.
   */
  enough?: (extent: ShadingExtent) => boolean;
}

/**
 * Finds groups of regions that are bands of one smooth shading (a sky, a glossy highlight, a lit
 * surface): neighbours whose border changes color no more than a step (see SOFT_STEPS), of two or
 * more labels. Each group is fitted with a linear and a radial gradient (stops in OKLab, written
 * in sRGB); where the better fit's error is within the flat bands' error, the group becomes one
 * region of a new label painted with that gradient (written into `labels`, in place); where
 * neither fits, the group is split along its steeper borders and the parts are tried in turn. A
 * region a fit leaves unexplained (see FEATURE_ERROR) is taken out of its group, which is fitted
 * again, and tried with the others left out as shading of its own. Undefined when there is none,
 * or when the groups could not take in `enough`.
 */
export function findGradients(input: ShadingInput): Shading | undefined {
  const { color, labels, map, labelRgb, fixed } = input;
  const { width, height } = map.runs;
  const borders = softBorders(input);
  const members = runsByRegion(map);
  const gradients: (Gradient | undefined)[] = [];
  const rgb = [...labelRgb];
  let next = labelRgb.length / 3;
  let excess = 0;
  const extent = { merged: 0, area: 0 };
  let groups = joined(borders, map, SOFT_STEPS[0]);
  if (input.enough) {
    const most = { merged: 0, area: 0 };
    for (const regions of groups) {
      const area = regions.reduce((sum, r) => sum + map.area[r], 0);
      if (area < MIN_AREA) continue;
      most.merged += regions.length - 1;
      most.area += area;
    }
    if (!input.enough(most)) return undefined;
  }
  // The gradient of a group, fitted again without the regions it leaves unexplained (a vessel
  // across a lit surface, a thin line on a sky: see FEATURE_ERROR), and those regions; undefined
  // if none fits.
  const inGroup = new Int32Array(map.count);
  let groupsSeen = 0;
  const fitGroup = (group: number[]) => {
    groupsSeen++;
    for (const r of group) inGroup[r] = groupsSeen;
    if (mostlyThin(group, members, map, (r) => inGroup[r] === groupsSeen)) return undefined;
    let regions = group;
    for (let round = 0; round < FIT_ROUNDS; round++) {
      const area = regions.reduce((sum, r) => sum + map.area[r], 0);
      if (area < MIN_AREA || new Set(regions.map((r) => map.label[r])).size < 2) return undefined;
      const fit = fitGradient(groupPixels(regions, members, map, area), color, labels, labelRgb, width);
      if (!fit) return undefined;
      const explained = regions.filter(explains(fit.gradient));
      if (explained.length === regions.length) {
        const taken = new Set(regions);
        return { regions, area, fit, left: group.filter((r) => !taken.has(r)) };
      }
      regions = explained;
    }
    return undefined;
  };
  // Whether the gradient lies no farther from a region's pixels than the region's own flat color
  // does, give or take FEATURE_ERROR.
  const explains = (gradient: Gradient) => {
    const at = new Float64Array(3);
    const stops = gradient.stops.map(({ offset, color: c }) => ({
      offset,
      rgb: Float64Array.of(c.r, c.g, c.b),
    }));
    return (r: number) => {
      const own = map.label[r] * 3;
      let [shaded, flat] = [0, 0];
      const pixels = groupPixels([r], members, map, map.area[r], FEATURE_PIXELS);
      for (const p of pixels) {
        const c = color[p];
        const [pr, pg, pb] = [c >> 16, (c >> 8) & 255, c & 255];
        colorAt(stops, offsetAt(gradient, (p % width) + 0.5, Math.floor(p / width) + 0.5), at);
        shaded += rgbApart(pr, pg, pb, at);
        flat += rgbApart(pr, pg, pb, labelRgb, own);
      }
      return shaded <= flat + FEATURE_ERROR * pixels.length;
    };
  };
  for (let level = 1; groups.length > 0 && next <= 255; level++) {
    const unfitted: number[][] = [];
    for (const group of groups) {
      if (next > 255) break;
      const fitted = fitGroup(group);
      if (!fitted) {
        unfitted.push(group);
        continue;
      }
      const { regions, area, fit, left } = fitted;
      // What the gradient leaves out may be shading of its own (a highlight on a lit surface).
      if (left.length > 1) unfitted.push(left);
      eachRun(regions, members, map, (row, x0, x1) => labels.fill(next, row * width + x0, row * width + x1));
      rgb.push(...fit.mean);
      gradients[next] = fit.gradient;
      excess += fit.excess * area;
      extent.merged += regions.length - 1;
      extent.area += area;
      next++;
    }
    if (level === SOFT_STEPS.length || unfitted.length === 0) break;
    const within = new Int32Array(map.count).fill(-1);
    unfitted.forEach((regions, i) => {
      for (const r of regions) within[r] = i;
    });
    groups = joined(borders, map, SOFT_STEPS[level], within);
  }
  if (gradients.length === 0) return undefined;
  const shaded = findRegions(findRuns(labels, width, height));
  if (map.dot) {
    // A dot kept on purpose stays kept.
    shaded.dot = new Uint8Array(shaded.count);
    for (let r = 0; r < map.count; r++) {
      if (map.dot[r] !== 1 || fixed(map.label[r])) continue;
      const run = members.runs[members.start[r]];
      shaded.dot[regionAt(shaded, map.runs.x0[run], map.runs.y[run])] = 1;
    }
  }
  return { map: shaded, labelRgb: Float64Array.from(rgb), gradients, excess, extent };
}

/** Every border between two regions neither of them fixed: its RGB steps summed, and its pixel pairs. */
type Borders = Map<number, { steps: number; pairs: number }>;

/** The borders between regions, found along every row's and column's region changes. */
function softBorders({ color, map, fixed }: ShadingInput): Borders {
  const { runs, ofRun, count, label } = map;
  const { width, rowStart, x0, x1, y } = runs;
  const borders = new Map<number, { steps: number; pairs: number }>();
  const cross = (r: number, s: number, p: number, q: number) => {
    if (r === s || fixed(label[r]) || fixed(label[s])) return;
    const key = r < s ? r * count + s : s * count + r;
    const border = borders.get(key) ?? { steps: 0, pairs: 0 };
    border.steps += rgbDifference(color[p], color[q]);
    border.pairs++;
    borders.set(key, border);
  };
  for (let row = 0; row < runs.height; row++) {
    const line = row * width;
    for (let k = rowStart[row] + 1; k < rowStart[row + 1]; k++) {
      cross(ofRun[k - 1], ofRun[k], line + x0[k] - 1, line + x0[k]);
    }
    if (row === 0) continue;
    let a = rowStart[row - 1];
    let b = rowStart[row];
    while (a < rowStart[row] && b < rowStart[row + 1]) {
      if (ofRun[a] !== ofRun[b]) {
        for (let x = Math.max(x0[a], x0[b]); x < Math.min(x1[a], x1[b]); x++) {
          cross(ofRun[a], ofRun[b], y[a] * width + x, line + x);
        }
      }
      if (x1[a] < x1[b]) a++;
      else if (x1[b] < x1[a]) b++;
      else {
        a++;
        b++;
      }
    }
  }
  return borders;
}

/**
 * The groups of two or more regions, of two or more labels, joined across borders whose mean
 * step is at most `step` (see SOFT_STEPS); with `within`, only regions of one earlier group
 * (its index there; -1 for none) are joined.
 */
function joined(borders: Borders, map: RegionMap, step: number, within?: Int32Array): number[][] {
  const { count, label } = map;
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (r: number): number => {
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  };
  for (const [key, { steps, pairs }] of borders) {
    if (pairs < MIN_BORDER || steps > step * pairs) continue;
    const [r, s] = [Math.floor(key / count), key % count];
    if (within && (within[r] < 0 || within[r] !== within[s])) continue;
    const a = find(r);
    const b = find(s);
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const groups = new Map<number, number[]>();
  for (let r = 0; r < count; r++) {
    const root = find(r);
    const members = groups.get(root);
    if (members) members.push(r);
    else groups.set(root, [r]);
  }
  return [...groups.values()].filter((g) => g.length > 1 && new Set(g.map((r) => label[r])).size > 1);
}

type Members = { start: Int32Array; runs: Int32Array };

/** Calls `visit` with the row and the columns x0..x1-1 of every run of the regions. */
function eachRun(
  regions: number[],
  members: Members,
  { runs }: RegionMap,
  visit: (row: number, x0: number, x1: number) => void,
): void {
  for (const r of regions) {
    for (let k = members.start[r]; k < members.start[r + 1]; k++) {
      const run = members.runs[k];
      visit(runs.y[run], runs.x0[run], runs.x1[run]);
    }
  }
}

/**
 * Whether MAX_THIN_SHARE of a group's pixels (judged on FEATURE_PIXELS of them, spread evenly) lie
 * in parts at most THIN_BAND pixels across, along a row or a column; `within` tells the group's
 * regions.
 */
function mostlyThin(
  regions: number[],
  members: Members,
  map: RegionMap,
  within: (r: number) => boolean,
): boolean {
  const { width, height } = map.runs;
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && within(regionAt(map, x, y));
  // How many of the group's pixels run on from (x, y) along (dx, dy), up to THIN_BAND.
  const reach = (x: number, y: number, dx: number, dy: number) => {
    let n = 0;
    while (n < THIN_BAND && inside(x + (n + 1) * dx, y + (n + 1) * dy)) n++;
    return n;
  };
  const area = regions.reduce((sum, r) => sum + map.area[r], 0);
  const pixels = groupPixels(regions, members, map, area, FEATURE_PIXELS);
  let thin = 0;
  for (const p of pixels) {
    const x = p % width;
    const y = Math.floor(p / width);
    const across = (dx: number, dy: number) => 1 + reach(x, y, dx, dy) + reach(x, y, -dx, -dy) <= THIN_BAND;
    if (across(0, 1) || across(1, 0)) thin++;
  }
  return thin >= MAX_THIN_SHARE * pixels.length;
}

/**
 * The regions' pixels (of `area` in all), as indices into the picture: every one, or evenly one in
 * so many, at most MAX_FIT_PIXELS.
 */
function groupPixels(
  regions: number[],
  members: Members,
  map: RegionMap,
  area: number,
  most = MAX_FIT_PIXELS,
): number[] {
  const step = Math.ceil(area / most);
  const pixels: number[] = [];
  let i = 0;
  eachRun(regions, members, map, (row, x0, x1) => {
    for (let x = x0; x < x1; x++, i++) if (i % step === 0) pixels.push(row * map.runs.width + x);
  });
  return pixels;
}

/**
 * The better of a linear and a radial gradient through the pixels' colors (a group's, or evenly
 * spread samples of it), their mean color and how much its mean sRGB error exceeds the flat
 * labels', when that is within ERROR_MARGIN; undefined otherwise.
 */
function fitGradient(
  pixels: number[],
  color: Uint32Array,
  labels: Uint8Array,
  labelRgb: Float64Array,
  width: number,
): { gradient: Gradient; mean: [number, number, number]; excess: number } | undefined {
  const n = pixels.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const lab = new Float64Array(3 * n);
  let flat = 0;
  const mean: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const p = pixels[i];
    xs[i] = (p % width) + 0.5;
    ys[i] = Math.floor(p / width) + 0.5;
    const c = color[p];
    const [r, g, b] = [c >> 16, (c >> 8) & 255, c & 255];
    srgbToOklab(r, g, b, lab, 3 * i);
    const l = labels[p] * 3;
    flat += rgbApart(r, g, b, labelRgb, l);
    mean[0] += r / n;
    mean[1] += g / n;
    mean[2] += b / n;
  }
  flat /= n;
  let best: { gradient: Gradient; error: number } | undefined;
  for (const model of [linearModel(xs, ys, lab), radialModel(xs, ys, lab)]) {
    if (!model) continue;
    const fitted = profile(model, xs, ys, lab, color, pixels);
    if (fitted && (!best || fitted.error < best.error)) best = fitted;
  }
  if (!best || best.error > flat + ERROR_MARGIN) return undefined;
  return { gradient: best.gradient, mean, excess: best.error - flat };
}

/** Where a gradient runs: `t` of a point, and the gradient for its stops over [t0, t1]. */
interface Model {
  t: (x: number, y: number) => number;
  gradient: (t0: number, t1: number, stops: GradientStop[]) => Gradient;
}

/** The direction in which the colors change most, from a plane fitted to each OKLab channel. */
function linearModel(xs: Float64Array, ys: Float64Array, lab: Float64Array): Model | undefined {
  const n = xs.length;
  const [mx, my] = [average(xs), average(ys)];
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const [dx, dy] = [xs[i] - mx, ys[i] - my];
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  const det = sxx * syy - sxy * sxy;
  if (det <= 0) return undefined;
  // The summed outer products of every channel's slope: its main axis is the direction.
  let [mxx, mxy, myy] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    let sxv = 0;
    let syv = 0;
    for (let i = 0; i < n; i++) {
      sxv += (xs[i] - mx) * lab[3 * i + c];
      syv += (ys[i] - my) * lab[3 * i + c];
    }
    const gx = (syy * sxv - sxy * syv) / det;
    const gy = (sxx * syv - sxy * sxv) / det;
    mxx += gx * gx;
    mxy += gx * gy;
    myy += gy * gy;
  }
  if (mxx + myy === 0) return undefined;
  const angle = 0.5 * Math.atan2(2 * mxy, mxx - myy);
  const [ux, uy] = [Math.cos(angle), Math.sin(angle)];
  return {
    t: (x, y) => (x - mx) * ux + (y - my) * uy,
    gradient: (t0, t1, stops) => ({
      kind: 'linear',
      x1: mx + t0 * ux,
      y1: my + t0 * uy,
      x2: mx + t1 * ux,
      y2: my + t1 * uy,
      stops,
    }),
  };
}

/**
 * The centre the colors change around, from a paraboloid fitted to the OKLab channel it explains
 * best (lightness, for a highlight).
 */
function radialModel(xs: Float64Array, ys: Float64Array, lab: Float64Array): Model | undefined {
  const n = xs.length;
  const [mx, my] = [average(xs), average(ys)];
  let scale = 1;
  for (let i = 0; i < n; i++) scale = Math.max(scale, Math.abs(xs[i] - mx), Math.abs(ys[i] - my));
  // Normal equations of v = a (x² + y²) + b x + c y + d, in coordinates scaled to about 1.
  const ata = new Float64Array(16);
  const atv = [new Float64Array(4), new Float64Array(4), new Float64Array(4)];
  const row = new Float64Array(4);
  for (let i = 0; i < n; i++) {
    const x = (xs[i] - mx) / scale;
    const y = (ys[i] - my) / scale;
    row[0] = x * x + y * y;
    row[1] = x;
    row[2] = y;
    row[3] = 1;
    for (let j = 0; j < 4; j++) {
      for (let k = 0; k < 4; k++) ata[j * 4 + k] += row[j] * row[k];
      for (let c = 0; c < 3; c++) atv[c][j] += row[j] * lab[3 * i + c];
    }
  }
  let centre: [number, number] | undefined;
  let strongest = 0;
  for (let c = 0; c < 3; c++) {
    const coef = solve4(ata, atv[c]);
    if (!coef || coef[0] === 0) continue;
    // How much the curvature explains: a's share of the change over the shape.
    const strength = Math.abs(coef[0]);
    if (strength <= strongest) continue;
    strongest = strength;
    centre = [mx - (coef[1] / (2 * coef[0])) * scale, my - (coef[2] / (2 * coef[0])) * scale];
  }
  if (!centre || !Number.isFinite(centre[0]) || !Number.isFinite(centre[1])) return undefined;
  const [cx, cy] = centre;
  return {
    t: (x, y) => Math.sqrt((x - cx) ** 2 + (y - cy) ** 2),
    gradient: (t0, t1, stops) => ({
      kind: 'radial',
      cx,
      cy,
      r: t1,
      stops: stops.map((s) => ({ ...s, offset: t1 > 0 ? (t0 + s.offset * (t1 - t0)) / t1 : 0 })),
    }),
  };
}

/**
 * The model's gradient: the pixels' mean OKLab color over even spans of `t`, as sRGB stops, the
 * stops the colors do not need dropped; and its mean sRGB error over the pixels.
 */
function profile(
  model: Model,
  xs: Float64Array,
  ys: Float64Array,
  lab: Float64Array,
  color: Uint32Array,
  pixels: number[],
): { gradient: Gradient; error: number } | undefined {
  const n = xs.length;
  const ts = new Float64Array(n);
  let [t0, t1] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < n; i++) {
    ts[i] = model.t(xs[i], ys[i]);
    t0 = Math.min(t0, ts[i]);
    t1 = Math.max(t1, ts[i]);
  }
  const span = t1 - t0;
  if (!(span >= 2 * STOP_SPAN)) return undefined;
  const bins = Math.min(MAX_STOPS, Math.floor(span / STOP_SPAN));
  const sums = new Float64Array(bins * 4);
  for (let i = 0; i < n; i++) {
    const k = Math.min(bins - 1, Math.floor(((ts[i] - t0) / span) * bins));
    sums[k * 4] += lab[3 * i];
    sums[k * 4 + 1] += lab[3 * i + 1];
    sums[k * 4 + 2] += lab[3 * i + 2];
    sums[k * 4 + 3]++;
  }
  const stops: { offset: number; rgb: Float64Array }[] = [];
  for (let k = 0; k < bins; k++) {
    const count = sums[k * 4 + 3];
    if (count === 0) continue;
    const rgb = new Float64Array(3);
    oklabToSrgb(sums[k * 4] / count, sums[k * 4 + 1] / count, sums[k * 4 + 2] / count, rgb);
    stops.push({ offset: (k + 0.5) / bins, rgb });
  }
  const kept = fewerStops(stops);
  let error = 0;
  const at = new Float64Array(3);
  for (let i = 0; i < n; i++) {
    colorAt(kept, (ts[i] - t0) / span, at);
    const c = color[pixels[i]];
    error += rgbApart(c >> 16, (c >> 8) & 255, c & 255, at);
  }
  const round = (v: number) => Math.round(v);
  const written = kept.map(({ offset, rgb }) => ({
    offset,
    color: { r: round(rgb[0]), g: round(rgb[1]), b: round(rgb[2]) },
  }));
  return { gradient: model.gradient(t0, t1, written), error: error / n };
}

/** The stops without those that lie within STOP_TOLERANCE of the line between their neighbours. */
function fewerStops(stops: { offset: number; rgb: Float64Array }[]): { offset: number; rgb: Float64Array }[] {
  const kept = [...stops];
  const at = new Float64Array(3);
  for (let dropped = true; dropped && kept.length > 2; ) {
    dropped = false;
    for (let i = 1; i + 1 < kept.length; i++) {
      colorAt([kept[i - 1], kept[i + 1]], kept[i].offset, at);
      const off = Math.max(...[0, 1, 2].map((c) => Math.abs(at[c] - kept[i].rgb[c])));
      if (off > STOP_TOLERANCE) continue;
      kept.splice(i, 1);
      dropped = true;
    }
  }
  return kept;
}

/** Where (x, y) lies along the gradient: 0 at its start, 1 at its end (its radius, if radial). */
function offsetAt(gradient: Gradient, x: number, y: number): number {
  if (gradient.kind === 'radial') {
    return gradient.r > 0 ? Math.hypot(x - gradient.cx, y - gradient.cy) / gradient.r : 0;
  }
  const [dx, dy] = [gradient.x2 - gradient.x1, gradient.y2 - gradient.y1];
  return ((x - gradient.x1) * dx + (y - gradient.y1) * dy) / (dx * dx + dy * dy || 1);
}

/** The color at offset `u` along the stops (held beyond the ends), into `out`. */
function colorAt(stops: { offset: number; rgb: Float64Array }[], u: number, out: Float64Array): void {
  let k = 0;
  while (k < stops.length && stops[k].offset < u) k++;
  if (k === 0 || k === stops.length) {
    out.set(stops[Math.min(k, stops.length - 1)].rgb);
    return;
  }
  const [a, b] = [stops[k - 1], stops[k]];
  const w = (u - a.offset) / (b.offset - a.offset);
  for (let c = 0; c < 3; c++) out[c] = a.rgb[c] + w * (b.rgb[c] - a.rgb[c]);
}

/**
 * The sRGB distance from (r, g, b) to the color at `rgb[o..o+2]`. Not Math.hypot: several times
 * slower in V8, and this runs for every pixel of every group of bands fitted.
 */
function rgbApart(r: number, g: number, b: number, rgb: ArrayLike<number>, o = 0): number {
  return Math.sqrt((r - rgb[o]) ** 2 + (g - rgb[o + 1]) ** 2 + (b - rgb[o + 2]) ** 2);
}

function average(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The solution of the 4x4 system m x = v by elimination with partial pivoting; undefined if singular. */
function solve4(m: Float64Array, v: Float64Array): Float64Array | undefined {
  const a = Float64Array.from(m);
  const x = Float64Array.from(v);
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(a[r * 4 + col]) > Math.abs(a[pivot * 4 + col])) pivot = r;
    if (Math.abs(a[pivot * 4 + col]) < 1e-12) return undefined;
    for (let k = 0; k < 4; k++) [a[col * 4 + k], a[pivot * 4 + k]] = [a[pivot * 4 + k], a[col * 4 + k]];
    [x[col], x[pivot]] = [x[pivot], x[col]];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const f = a[r * 4 + col] / a[col * 4 + col];
      for (let k = col; k < 4; k++) a[r * 4 + k] -= f * a[col * 4 + k];
      x[r] -= f * x[col];
    }
  }
  for (let r = 0; r < 4; r++) x[r] /= a[r * 4 + r];
  return x;
}
