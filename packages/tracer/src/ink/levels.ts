/**
 * Two luminances this far apart (of 255) or closer are one tone with noise, not ink on paper: a
 * blank page's JPEG grain must not be traced as ink.
 */
const MIN_CONTRAST = 24;

/** The luminance (0-255) of a picture's ink and of its paper. */
export interface Levels {
  ink: number;
  paper: number;
}

/** Black ink on white paper: the fixed 50% cut of plain thresholding. */
export const BLACK_ON_WHITE: Levels = { ink: 0, paper: 255 };

/**
 * The picture's ink and paper levels from its luminance histogram: Otsu's split (1979, the cut
 * that maximises the variance between the two classes), then the median of each class. Medians,
 * not means: anti-aliased edges and grain pull a class mean towards the other class, and the cut
 * (half way between the two levels) belongs where an edge is half covered. A picture of one tone
 * falls back to black on white, so a dark one is ink and a light one paper.
 */
export function inkAndPaper(counts: Float64Array): Levels {
  const split = otsu(counts);
  if (split < 0) return BLACK_ON_WHITE;
  const ink = median(counts, 0, split);
  const paper = median(counts, split + 1, 255);
  return paper - ink <= MIN_CONTRAST ? BLACK_ON_WHITE : { ink, paper };
}

/** The last level of the dark class, or -1 when every pixel has one level. */
export function otsu(counts: Float64Array): number {
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += counts[v];
    sum += v * counts[v];
  }
  let w0 = 0;
  let s0 = 0;
  let best = -1;
  let split = -1;
  for (let t = 0; t < 255; t++) {
    w0 += counts[t];
    s0 += t * counts[t];
    const w1 = total - w0;
    if (w0 === 0 || w1 === 0) continue;
    const d = s0 / w0 - (sum - s0) / w1;
    const between = w0 * w1 * d * d;
    if (between > best) {
      best = between;
      split = t;
    }
  }
  return split;
}

/** The median level among levels from..to. */
function median(counts: Float64Array, from: number, to: number): number {
  let total = 0;
  for (let v = from; v <= to; v++) total += counts[v];
  let seen = 0;
  for (let v = from; v <= to; v++) {
    seen += counts[v];
    if (2 * seen >= total) return v;
  }
  return to;
}
