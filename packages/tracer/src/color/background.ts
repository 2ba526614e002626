import type { RegionMap } from './regions.js';

/**
 * Picks the background: the label most common along the image border (ties: the lower label).
 * Its regions that do not reach the border (a white eye inside a face) are relabelled `spare`
 * (in the map and in `labels`), so they are traced as a layer of their own on top rather than
 * cut as holes through every layer beneath them; not with `split` false (the background is left
 * out, and so are they: the counter of an O is background too). Returns that label, the ground.
 */
export function splitBackground(map: RegionMap, labels: Uint8Array, spare: number, split = true): number {
  const { runs, label, box } = map;
  const { width, height } = runs;
  const n = width * height;
  const votes = new Int32Array(256);
  for (let x = 0; x < width; x++) {
    votes[labels[x]]++;
    votes[labels[n - width + x]]++;
  }
  for (let p = width; p < n - width; p += width) {
    votes[labels[p]]++;
    votes[labels[p + width - 1]]++;
  }
  let groundLabel = 0;
  for (let l = 1; l < 256; l++) if (votes[l] > votes[groundLabel]) groundLabel = l;
  if (!split) return groundLabel;
  for (let r = 0; r < map.count; r++) {
    const o = r * 4;
    const onBorder =
      box[o] === 0 || box[o + 1] === 0 || box[o + 2] === width - 1 || box[o + 3] === height - 1;
    if (label[r] === groundLabel && !onBorder) label[r] = spare;
  }
  for (let run = 0; run < runs.count; run++) {
    if (label[map.ofRun[run]] === spare) {
      const row = runs.y[run] * width;
      labels.fill(spare, row + runs.x0[run], row + runs.x1[run]);
    }
  }
  return groundLabel;
}
