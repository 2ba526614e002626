/** The squared distance given to pixels with no zero pixel anywhere in the grid. */
export const FAR = 0x7fffffff;

/**
 * The squared Euclidean distance from each pixel's center to the center of the nearest pixel
 * where `bits` is 0 (0 on those pixels, FAR when the grid has none), exact and in linear time:
 * Meijster, Roerdink and Hesselink's two passes (2000), columns then rows.
 */
export function squaredDistance(bits: Uint8Array, w: number, h: number): Int32Array {
  const far = w + h;
  // Columns, all at once row by row (in memory order): the distance to the nearest 0 above, then below.
  const g = new Int32Array(w * h);
  for (let x = 0; x < w; x++) g[x] = bits[x] === 0 ? 0 : far;
  for (let y = 1; y < h; y++) {
    const row = y * w;
    for (let i = row; i < row + w; i++) {
      const up = g[i - w];
      g[i] = bits[i] === 0 ? 0 : up < far ? up + 1 : far;
    }
  }
  for (let y = h - 2; y >= 0; y--) {
    const row = y * w;
    for (let i = row; i < row + w; i++) {
      const down = g[i + w] + 1;
      if (down < g[i]) g[i] = down;
    }
  }
  // Rows, one run of nonzero pixels at a time: beyond a run's ends lie zeros, nearer than
  // anything past them, so the lower envelope of the run's parabolas and theirs is enough.
  // Written over the column distances: a run's are read (into gg) before its own are written.
  const out = g;
  const s = new Int32Array(w + 2);
  const t = new Int32Array(w + 2);
  const gg = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let x = 0;
    while (x < w) {
      if (bits[row + x] === 0) {
        x++;
        continue;
      }
      const a = x;
      while (x < w && bits[row + x] !== 0) x++;
      const b = x - 1;
      const lo = a > 0 ? a - 1 : a;
      const hi = b < w - 1 ? b + 1 : b;
      for (let u = lo; u <= hi; u++) {
        const v = g[row + u];
        gg[u] = v * v;
      }
      let q = 0;
      s[0] = lo;
      t[0] = lo;
      for (let u = lo + 1; u <= hi; u++) {
        // Drop the parabolas that u's lies below where they took over.
        while (q >= 0) {
          const tq = t[q];
          const sq = s[q];
          if ((tq - sq) * (tq - sq) + gg[sq] <= (tq - u) * (tq - u) + gg[u]) break;
          q--;
        }
        if (q < 0) {
          q = 0;
          s[0] = u;
          t[0] = lo;
        } else {
          const sq = s[q];
          const from = 1 + Math.floor((u * u - sq * sq + gg[u] - gg[sq]) / (2 * (u - sq)));
          if (from <= hi) {
            q++;
            s[q] = u;
            t[q] = from;
          }
        }
      }
      for (let u = hi; u >= lo; u--) {
        const sq = s[q];
        if (u >= a && u <= b) {
          const d = (u - sq) * (u - sq) + gg[sq];
          out[row + u] = d < FAR ? d : FAR;
        }
        if (u === t[q]) q--;
      }
    }
  }
  return out;
}
