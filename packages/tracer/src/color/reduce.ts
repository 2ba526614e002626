import type { Color } from '../model.js';
import { srgbToOklab } from './oklab.js';

/**
 * Joins labels until `keep` are left, as Ward's method does: each step joins the two whose joining
 * adds least to the squared OKLab error, area·area' / (area + area') · distance², so a small color
 * goes into its nearest neighbour before two large ones meet. `rgb` holds every label's sRGB (3
 * numbers a label), `areas` its pixels; labels without pixels and the `fixed` one (transparency)
 * take no part. Returns the label each label becomes: the larger of every pair joined.
 */
export function reduceLabels(rgb: Float64Array, areas: Float64Array, keep: number, fixed = -1): Uint8Array {
  const count = areas.length;
  const to = Uint8Array.from({ length: count }, (_, l) => l);
  const lab = new Float64Array(count * 3);
  const weight = new Float64Array(count);
  const live: number[] = [];
  for (let l = 0; l < count; l++) {
    if (l === fixed || areas[l] <= 0) continue;
    srgbToOklab(rgb[l * 3], rgb[l * 3 + 1], rgb[l * 3 + 2], lab, l * 3);
    weight[l] = areas[l];
    live.push(l);
  }
  while (live.length > keep) {
    let best = Number.POSITIVE_INFINITY;
    let a = -1;
    let b = -1;
    for (let i = 0; i < live.length; i++) {
      for (let j = i + 1; j < live.length; j++) {
        const p = live[i];
        const q = live[j];
        const cost = ((weight[p] * weight[q]) / (weight[p] + weight[q])) * distance2(lab, p, q);
        if (cost < best) {
          best = cost;
          a = p;
          b = q;
        }
      }
    }
    // The larger keeps its label (ties: the lower), and moves to the weighted mean.
    const [into, from] = weight[a] >= weight[b] ? [a, b] : [b, a];
    const w = weight[into] + weight[from];
    for (let ch = 0; ch < 3; ch++) {
      lab[into * 3 + ch] = (lab[into * 3 + ch] * weight[into] + lab[from * 3 + ch] * weight[from]) / w;
    }
    weight[into] = w;
    live.splice(live.indexOf(from), 1);
    for (let l = 0; l < count; l++) if (to[l] === from) to[l] = into;
  }
  return to;
}

/**
 * Every label given the nearest color of `palette` (in OKLab), labels given the same color joined
 * into the lowest of them. Labels without pixels and the `fixed` one keep their own. Returns the
 * label each label becomes, and the palette color of every label that remains (3 numbers a label;
 * NaN for the others).
 */
export function toPalette(
  rgb: Float64Array,
  areas: Float64Array,
  palette: readonly Color[],
  fixed = -1,
): { to: Uint8Array; fill: Float64Array } {
  const count = areas.length;
  const to = Uint8Array.from({ length: count }, (_, l) => l);
  const fill = new Float64Array(count * 3).fill(Number.NaN);
  const wanted = new Float64Array(palette.length * 3);
  palette.forEach((c, k) => {
    srgbToOklab(c.r, c.g, c.b, wanted, k * 3);
  });
  const owner = new Int32Array(palette.length).fill(-1);
  const at = new Float64Array(3);
  for (let l = 0; l < count; l++) {
    if (l === fixed || areas[l] <= 0) continue;
    srgbToOklab(rgb[l * 3], rgb[l * 3 + 1], rgb[l * 3 + 2], at);
    let k = 0;
    let best = Number.POSITIVE_INFINITY;
    for (let c = 0; c < palette.length; c++) {
      const d =
        (at[0] - wanted[c * 3]) ** 2 + (at[1] - wanted[c * 3 + 1]) ** 2 + (at[2] - wanted[c * 3 + 2]) ** 2;
      if (d < best) {
        best = d;
        k = c;
      }
    }
    if (owner[k] < 0) {
      owner[k] = l;
      fill.set([palette[k].r, palette[k].g, palette[k].b], l * 3);
    }
    to[l] = owner[k];
  }
  return { to, fill };
}

function distance2(lab: Float64Array, a: number, b: number): number {
  const dl = lab[a * 3] - lab[b * 3];
  const da = lab[a * 3 + 1] - lab[b * 3 + 1];
  const db = lab[a * 3 + 2] - lab[b * 3 + 2];
  return dl * dl + da * da + db * db;
}
