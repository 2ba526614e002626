/**
 * Two similar colors whose shared border is at least this share of the smaller one's area are
 * one textured surface (the grain of wood, mottled paper): their patches average under 5 px
 * across, far finer than any shape a person would draw with them.
 */
const INTERLEAVED = 0.4;

/**
 * Joins colors that occur only as a fine mottle of each other, when they are `near` in color:
 * each such pair becomes one color (in place, in `labels`), the most mottled pairs first. Every
 * two colors joined must be near each other, so a photo's gray levels do not chain into one. A
 * gradient's neighbouring bands share a line, not a mottle, and stay apart; so do distinct
 * colors, however interleaved. Returns the label each label became, when any changed.
 */
export function mergeTextures(
  labels: Uint8Array,
  width: number,
  count: number,
  near: (a: number, b: number) => boolean,
  fixed = -1,
): Uint8Array | undefined {
  const area = new Float64Array(count);
  const border = new Float64Array(count * count);
  const n = labels.length;
  for (let row = 0; row < n; row += width) {
    for (let p = row, end = row + width; p < end; p++) {
      const l = labels[p];
      area[l]++;
      if (p + 1 < end && labels[p + 1] !== l) border[l * count + labels[p + 1]]++;
      if (p + width < n && labels[p + width] !== l) border[l * count + labels[p + width]]++;
    }
  }
  const pairs: { a: number; b: number; mottle: number }[] = [];
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      if (a === fixed || b === fixed) continue;
      const mottle = (border[a * count + b] + border[b * count + a]) / Math.min(area[a], area[b]);
      if (mottle >= INTERLEAVED && near(a, b)) pairs.push({ a, b, mottle });
    }
  }
  if (pairs.length === 0) return undefined;
  pairs.sort((x, y) => y.mottle - x.mottle || x.a - y.a || x.b - y.b);
  const group = Array.from({ length: count }, (_, l) => [l]);
  const to = Uint8Array.from({ length: count }, (_, l) => l);
  for (const { a, b } of pairs) {
    const ga = group[to[a]];
    const gb = group[to[b]];
    if (ga === gb || !ga.every((x) => gb.every((y) => near(x, y)))) continue;
    const [keep, drop] = area[to[a]] >= area[to[b]] ? [ga, gb] : [gb, ga];
    for (const l of drop) {
      to[l] = to[keep[0]];
      keep.push(l);
    }
    drop.length = 0;
  }
  for (let p = 0; p < n; p++) labels[p] = to[labels[p]];
  return to;
}
