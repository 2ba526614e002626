import { copiedU8 } from '../outline/work.js';

/**
 * Smooths the boundaries between similar colors: a pixel whose label differs from the label of at
 * least 5 of its 8 neighbours takes theirs, when the two colors are `faint`ly apart (texture and
 * grain: the wood of a table, the fibre of paper). Boundaries between distinct colors, and thin
 * lines, keep every pixel. One pass, in place, reading the labels as they were.
 */
export function smoothFaintEdges(
  labels: Uint8Array,
  width: number,
  height: number,
  near: (a: number, b: number) => boolean,
  fixed = -1,
): void {
  const before = copiedU8('labels before', labels);
  const around = Int32Array.of(-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, p = y * width + 1; x < width - 1; x++, p++) {
      const own = before[p];
      if (own === fixed) continue;
      const up = p - width;
      const down = p + width;
      // Most pixels sit inside a region: all four side neighbours share their label.
      if (before[p - 1] === own && before[p + 1] === own && before[up] === own && before[down] === own)
        continue;
      // At most one label holds 5 of the 8: the one a majority vote leaves, if any.
      let held = -1;
      let votes = 0;
      for (let k = 0; k < 8; k++) {
        const l = before[p + around[k]];
        if (votes === 0) held = l;
        votes += l === held ? 1 : -1;
      }
      let count = 0;
      for (let k = 0; k < 8; k++) if (before[p + around[k]] === held) count++;
      if (count >= 5 && held !== own && held !== fixed && near(own, held)) labels[p] = held;
    }
  }
}
