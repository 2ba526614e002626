import type { Histogram } from './histogram.js';
import { oklabToSrgb, srgbToOklab } from './oklab.js';

/**
 * OKLab distance within which a pixel's color is explained by a palette color: about 11 levels
 * of sRGB gray; closer colors look alike side by side, farther ones are told apart.
 */
const DELTA = 0.05;
/**
 * OKLab distance per sRGB level of grain (σ per channel) that explained colors may also span:
 * after the median filters, grain of σ 20 still spreads one color over some 15 levels.
 */
const GRAIN_DELTA = 0.0035;
/** Most colors an automatic palette gets. */
const AUTO_MAX = 32;
/**
 * ...and one of every pixel's colors, taken only where its labels lose less of the picture (see
 * traceColor): a color wheel's smooth hues on black need more than AUTO_MAX.
 */
const EVERY_MAX = 64;
/** sRGB distance from a blend of two palette colors within which a color is taken as that blend. */
const MIX_TOLERANCE = 6;
/**
 * sRGB distance from a mix of two colors taken within which a cluster of all the pixels (blends
 * included) is that mix, not a color the body pixels missed: a JPEG's rings stray from the line.
 */
const MISSED_TOLERANCE = 20;
/** White as a chosen color is held (OKLab, then sRGB). */
const WHITE = [1, 0, 0, 255, 255, 255];
/** Least OKLab chroma of such a color: a hue the body pixels missed, not a gray. */
const MISSED_CHROMA = 0.03;
/** A candidate that is such a blend is still a color when this share of its pixels is flat. */
const BLEND_FLAT_SHARE = 0.3;
/** The `spread` from which blend pixels count as colors of their own (see buildPalette). */
const BLEND_SPREAD = 1 / 8;
/** Lloyd steps that move each color to the weighted mean of the bins it wins. */
const REFINE_STEPS = 3;

/** The colors a picture is made of, and which of them every histogram bin belongs to. */
export interface Palette {
  size: number;
  /** OKLab of each color, 3 numbers per color. */
  lab: Float64Array;
  /** Index of the nearest palette color for every entry of the histogram (see `Histogram.entry`). */
  entryLabel: Uint8Array;
  /**
   * 1 for entries within twice DELTA of their palette color: the pixels that say what that color
   * is. With a forced small palette a color also stands for far ones (blue drops sorted under yellow).
   */
  entryNear: Uint8Array;
  /**
   * Pixels farther than 2·DELTA from every palette color: mixes along edges, and shading the
   * palette left out.
   */
  far: number;
}

/** The histogram's bins with their mean colors, in the order of the histogram. */
interface Bins {
  ids: Uint16Array;
  /** Body pixels per bin: the weight each bin has in choosing colors. */
  mass: Float64Array;
  flat: Uint32Array;
  rgb: Float64Array;
  lab: Float64Array;
}

/**
 * Picks the picture's colors by how much of it each explains. Every bin of body pixels (see
 * `Histogram.body`: anti-aliased blends left out) within DELTA of a palette color is explained;
 * the next color is the mean of the densest cluster of bins still unexplained (the most pixels
 * within DELTA of one bin), centred on its commonest bin, until no cluster of `minArea` pixels is
 * left (at most AUTO_MAX colors, EVERY_MAX with `every`), or `colors` > 0 colors are taken. So
 * a color that covers a visible area joins however it is spread (a textured robe, a thin
 * outline), and noise of a few scattered pixels does not.
 * A cluster that lies on the line between two colors taken and is not flat is an edge blend the
 * neighbour test missed (a blurred edge), and is left out. A few k-means steps then centre each
 * color on the bins it explains, and every bin goes to its nearest color. `spread` scales DELTA:
 * below 1, colors closer together are told apart and blends are colors too, from BLEND_SPREAD on
 * even the anti-aliased pixels' (a fixed palette size that the picture's distinct colors do not
 * fill). With `every`, every pixel counts, blends too, and a cluster between two colors is a color
 * (shading that the usual palette took for edges: see traceColor). With `missedFrom`, an automatic
 * palette's colors come first, and clusters of all the pixels, blends too, in a hue that none of
 * them nor a mix of two explains join them (see the comment in the body).
 */
export function buildPalette(
  hist: Histogram,
  colors: number,
  minArea: number,
  grain = 0,
  spread = 1,
  every = false,
  missedFrom?: Palette,
): Palette {
  // Asked for colors closest together, the anti-aliased blends count as colors too.
  const bins = binColors(hist, every || spread <= BLEND_SPREAD);
  const delta = Math.max(DELTA, GRAIN_DELTA * grain) * spread;
  // With `missedFrom`: a color painted only in blends of its own (a narrow shaft, a cheek's
  // shading in a small JPEG, each pixel between two others) has no body pixels: among all the
  // pixels, a cluster in a hue that none of that palette's colors nor any mix of two explains
  // joins them.
  const chosen = missedFrom
    ? chooseColors(binColors(hist, true), AUTO_MAX, minArea, delta, true, colorsOf(missedFrom))
    : chooseColors(
        bins,
        colors > 0 ? colors : every ? EVERY_MAX : AUTO_MAX,
        colors > 0 ? 1 : minArea,
        delta,
        !every && spread >= 1,
      );
  let lab: Float64Array = Float64Array.from(chosen.flatMap((c) => [c[0], c[1], c[2]]));
  // A picture with no body pixels at all (every pixel an edge) still has a most common color.
  if (lab.length === 0) lab = mostCommon(hist);
  for (let step = 0; step < REFINE_STEPS; step++) refine(bins, lab, delta);
  const size = lab.length / 3;
  const rgb = new Float64Array(size * 3);
  for (let c = 0; c < size; c++) oklabToSrgb(lab[c * 3], lab[c * 3 + 1], lab[c * 3 + 2], rgb, c * 3);
  // Per entry, not per bin: a small picture fills a few of the 32768 bins, and tables of them
  // all cost it more than its labelling.
  const entryLabel = new Uint8Array(hist.size);
  const entryNear = new Uint8Array(hist.size);
  const at = new Float64Array(3);
  const atRgb = new Float64Array(3);
  let far = 0;
  for (let k = 0; k < hist.size; k++) {
    const c = hist.count[k];
    if (c === 0) continue;
    // The bin's mean color: of its body pixels, or of all (a bin of blends only).
    for (let ch = 0; ch < 3; ch++) atRgb[ch] = hist.allSum[k * 3 + ch] / c;
    if (bins.mass[k] > 0) atRgb.set(bins.rgb.subarray(k * 3, k * 3 + 3));
    srgbToOklab(atRgb[0], atRgb[1], atRgb[2], at);
    const near = nearest(at, 0, lab, size);
    entryNear[k] = near.d2 <= 4 * delta * delta ? 1 : 0;
    if (!entryNear[k]) far += c;
    // A color of the picture goes to the palette color it looks like. Any other is a mix (an
    // anti-aliased edge, a stroke thinner than a pixel), and goes to the color that covers most
    // of it: the nearest in sRGB, in which renderers blend. In OKLab a mid-gray pixel of a thin
    // black stroke is nearer the paper, and the stroke would break up.
    entryLabel[k] = entryNear[k] ? near.index : nearest(atRgb, 0, rgb, size).index;
  }
  return { size, lab, entryLabel, entryNear, far };
}

/** A palette's colors as chosen colors are held: OKLab, then sRGB. */
function colorsOf({ lab, size }: Palette): number[][] {
  const rgb = new Float64Array(3);
  return Array.from({ length: size }, (_, c) => {
    oklabToSrgb(lab[c * 3], lab[c * 3 + 1], lab[c * 3 + 2], rgb, 0);
    return [lab[c * 3], lab[c * 3 + 1], lab[c * 3 + 2], rgb[0], rgb[1], rgb[2]];
  });
}

/** The OKLab color of the bin with most pixels, as a one-color palette. */
function mostCommon(hist: Histogram): Float64Array {
  let best = 0;
  for (let k = 1; k < hist.size; k++) if (hist.count[k] > hist.count[best]) best = k;
  const b = hist.bin[best];
  const out = new Float64Array(3);
  srgbToOklab(((b >> 10) << 3) + 4, (((b >> 5) & 31) << 3) + 4, ((b & 31) << 3) + 4, out);
  return out;
}

/** Mean color (sRGB and OKLab) of every bin's body pixels (with `blends`, of all its pixels). */
function binColors(hist: Histogram, blends = false): Bins {
  const m = hist.size;
  const rgb = new Float64Array(m * 3);
  const lab = new Float64Array(m * 3);
  const mass = new Float64Array(m);
  const [count, sum] = blends ? [hist.count, hist.allSum] : [hist.body, hist.sum];
  for (let k = 0; k < m; k++) {
    const c = count[k];
    mass[k] = c;
    if (c === 0) continue;
    for (let ch = 0; ch < 3; ch++) rgb[k * 3 + ch] = sum[k * 3 + ch] / c;
    srgbToOklab(rgb[k * 3], rgb[k * 3 + 1], rgb[k * 3 + 2], lab, k * 3);
  }
  return { ids: hist.bin.subarray(0, m), mass, flat: hist.flat, rgb, lab };
}

/**
 * Greedy choice of colors, densest unexplained cluster first (see `buildPalette`). Bins are
 * hashed on a grid of DELTA-sized cells in OKLab, so a bin's neighbours within DELTA are in the
 * 27 cells around it.
 */
function chooseColors(
  bins: Bins,
  limit: number,
  minArea: number,
  delta: number,
  blendsOut: boolean,
  missedFrom?: number[][],
): number[][] {
  const m = bins.ids.length;
  const grid = new LabGrid(bins, delta);
  const open = new Uint8Array(m);
  const density = new Float64Array(m);
  const taken = missedFrom ?? [];
  const tolerance = missedFrom ? MISSED_TOLERANCE : MIX_TOLERANCE;
  const takenAt = Float64Array.from(taken.flatMap((c) => [c[0], c[1], c[2]]));
  // Colors taken explain their own bins (within DELTA) and the mixes of two of them, or of one
  // and white: pixels are composited on white, so a shape's edge on transparency blends into it.
  const ends = missedFrom ? [...taken, WHITE] : taken;
  const explained = (k: number) =>
    nearest(bins.lab, k * 3, takenAt, taken.length).d2 <= delta * delta ||
    isBlend(Array.from(bins.rgb.subarray(k * 3, k * 3 + 3)), ends, tolerance);
  for (let k = 0; k < m; k++) if (bins.mass[k] > 0 && !(missedFrom && explained(k))) open[k] = 1;
  // Every open bin's neighbours, looked up once: each is read again when bins close.
  const around = neighbours(grid, bins, open, delta);
  for (let k = 0; k < m; k++) {
    if (open[k]) around(k, (j) => (density[k] += bins.mass[j]));
  }
  const chosen = [...taken];
  const close = (j: number) => {
    open[j] = 0;
    around(j, (q) => (density[q] -= bins.mass[j]));
  };
  while (chosen.length < limit) {
    let best = -1;
    for (let k = 0; k < m; k++) {
      if (open[k] && (best < 0 || density[k] > density[best])) best = k;
    }
    if (best < 0 || density[best] < minArea) break;
    // The cluster's mean, over the open bins within DELTA of its commonest bin near the densest:
    // where two flat colors a little over DELTA apart (a white panel on a light gray window) make
    // the densest bin one between them, the color is the commonest one's, not a mean of both.
    let mode = best;
    around(best, (j) => {
      if (open[j] && bins.mass[j] > bins.mass[mode]) mode = j;
    });
    const members: number[] = [];
    around(mode, (j) => {
      if (open[j]) members.push(j);
    });
    const color = [0, 0, 0, 0, 0, 0];
    let weight = 0;
    let flat = 0;
    for (const j of members) {
      const w = bins.mass[j];
      weight += w;
      flat += bins.flat[j];
      for (let ch = 0; ch < 3; ch++) {
        color[ch] += w * bins.lab[j * 3 + ch];
        color[3 + ch] += w * bins.rgb[j * 3 + ch];
      }
    }
    for (let ch = 0; ch < 6; ch++) color[ch] /= weight;
    for (const j of members) close(j);
    const mixed = isBlend(color.slice(3), missedFrom ? [...chosen, WHITE] : chosen, tolerance);
    if (blendsOut && flat < BLEND_FLAT_SHARE * weight && mixed) continue;
    // A gray missed is a mix of three grays or more (a crossing of two gray lines), or shading.
    if (missedFrom && Math.hypot(color[1], color[2]) < MISSED_CHROMA) continue;
    chosen.push(color);
    // Everything the new color explains is explained, whichever cluster it was counted in.
    const lab = Float64Array.from(color.slice(0, 3));
    grid.near(lab, 0, delta, (j) => {
      if (open[j]) close(j);
    });
  }
  return chosen;
}

/**
 * The bins within `radius` of each open bin, in the order the grid gives them, as a function that
 * visits those of bin k: a bin's neighbours are read when it is counted, when it closes and when
 * its cluster is formed, and the grid's lookups cost most of that.
 */
function neighbours(
  grid: LabGrid,
  bins: Bins,
  open: Uint8Array,
  radius: number,
): (k: number, visit: (j: number) => void) => void {
  const start = new Int32Array(open.length + 1);
  let list = new Int32Array(Math.max(16, 4 * open.length));
  let count = 0;
  for (let k = 0; k < open.length; k++) {
    start[k] = count;
    if (!open[k]) continue;
    grid.near(bins.lab, k * 3, radius, (j) => {
      if (count === list.length) {
        const grown = new Int32Array(2 * count);
        grown.set(list);
        list = grown;
      }
      list[count++] = j;
    });
  }
  start[open.length] = count;
  return (k, visit) => {
    for (let i = start[k]; i < start[k + 1]; i++) visit(list[i]);
  };
}

/** Whether an sRGB color lies on the straight line between two chosen colors (a blend). */
function isBlend(rgb: number[], chosen: number[][], tolerance = MIX_TOLERANCE): boolean {
  const [r, g, b] = rgb;
  for (let i = 0; i < chosen.length; i++) {
    const p = chosen[i];
    for (let j = i + 1; j < chosen.length; j++) {
      const q = chosen[j];
      const dr = q[3] - p[3];
      const dg = q[4] - p[4];
      const db = q[5] - p[5];
      const dd = dr * dr + dg * dg + db * db;
      const t = ((r - p[3]) * dr + (g - p[4]) * dg + (b - p[5]) * db) / dd;
      if (!(t > 0 && t < 1)) continue;
      const er = r - p[3] - t * dr;
      const eg = g - p[4] - t * dg;
      const eb = b - p[5] - t * db;
      if (er * er + eg * eg + eb * eb < tolerance * tolerance) return true;
    }
  }
  return false;
}

/** One Lloyd step over the body bins within 2·DELTA of a palette color; outliers are left out. */
function refine(bins: Bins, lab: Float64Array, delta: number): void {
  const size = lab.length / 3;
  const acc = new Float64Array(size * 4);
  for (let k = 0; k < bins.ids.length; k++) {
    const w = bins.mass[k];
    if (w === 0) continue;
    const { index, d2 } = nearest(bins.lab, k * 3, lab, size);
    if (d2 > 4 * delta * delta) continue;
    acc[index * 4] += w;
    for (let ch = 0; ch < 3; ch++) acc[index * 4 + 1 + ch] += w * bins.lab[k * 3 + ch];
  }
  for (let c = 0; c < size; c++) {
    const w = acc[c * 4];
    if (w > 0) for (let ch = 0; ch < 3; ch++) lab[c * 3 + ch] = acc[c * 4 + 1 + ch] / w;
  }
}

function nearest(
  from: Float64Array,
  at: number,
  lab: Float64Array,
  size: number,
): { index: number; d2: number } {
  let index = 0;
  let best = Number.POSITIVE_INFINITY;
  for (let c = 0; c < size; c++) {
    const dl = from[at] - lab[c * 3];
    const da = from[at + 1] - lab[c * 3 + 1];
    const db = from[at + 2] - lab[c * 3 + 2];
    const d = dl * dl + da * da + db * db;
    if (d < best) {
      best = d;
      index = c;
    }
  }
  return { index, d2: best };
}

/** The bins hashed on a grid of cells `cell` wide in OKLab, for neighbour queries. */
class LabGrid {
  private cells = new Map<number, number[]>();
  constructor(
    private bins: Bins,
    private cell: number,
  ) {
    for (let k = 0; k < bins.ids.length; k++) {
      if (bins.mass[k] === 0) continue;
      const key = this.key(bins.lab, k * 3, 0, 0, 0);
      const list = this.cells.get(key);
      if (list) list.push(k);
      else this.cells.set(key, [k]);
    }
  }

  private key(lab: Float64Array, at: number, dl: number, da: number, db: number): number {
    // L spans 0-1, a and b about -0.4-0.4: offset so every coordinate is a small positive integer.
    const l = Math.floor(lab[at] / this.cell) + dl + 1;
    const a = Math.floor((lab[at + 1] + 0.5) / this.cell) + da + 1;
    const b = Math.floor((lab[at + 2] + 0.5) / this.cell) + db + 1;
    return (l * 1024 + a) * 1024 + b;
  }

  /** Calls `visit(k)` for every bin within `radius` (at most the cell size) of lab[at..at+2]. */
  near(lab: Float64Array, at: number, radius: number, visit: (k: number) => void): void {
    const r2 = radius * radius;
    for (let dl = -1; dl <= 1; dl++) {
      for (let da = -1; da <= 1; da++) {
        for (let db = -1; db <= 1; db++) {
          const list = this.cells.get(this.key(lab, at, dl, da, db));
          if (!list) continue;
          for (const k of list) {
            const x = this.bins.lab[k * 3] - lab[at];
            const y = this.bins.lab[k * 3 + 1] - lab[at + 1];
            const z = this.bins.lab[k * 3 + 2] - lab[at + 2];
            if (x * x + y * y + z * z <= r2) visit(k);
          }
        }
      }
    }
  }
}
