/** Sauvola's k: how far below the local mean the cut sits on plain paper (20%). */
export const SAUVOLA_K = 0.2;
/** Sauvola's R: the dynamic range of the standard deviation, for 8-bit levels. */
const RANGE = 128;
/**
 * The window, in cells of 2x2 pixels: 16 cells (32 px, the 31 px the method is usually run at on
 * pages of text, rounded to whole cells), 8 before the pixel's cell and 7 after it.
 */
const BEFORE = 8;
const AFTER = 7;

/**
 * Sauvola's local binarization (2000), as the ink level of every pixel: a pixel is ink when its
 * luminance is at most T = m·(1 + k·(s/R − 1)), m and s the mean and standard deviation in the
 * 32x32 window around it (clipped at the image's edges). The level is the pixel's darkness
 * against the local paper P = T/(1 − k) (what T is on plain paper), 0 at or above P and 255 at
 * black, so the cut T sits at level k. The window's sums are taken over cells of 2x2 pixels and
 * slid cell by cell, so m and s are worked out once per cell (a quarter of the pixels; the
 * window is off center by at most a pixel), and memory beyond the levels stays at a cell grid.
 */
export function sauvolaLevels(lum: Uint8Array, width: number, height: number): Uint8Array {
  const cw = (width + 1) >> 1;
  const ch = (height + 1) >> 1;
  const sum = new Int32Array(cw * ch);
  const sq = new Int32Array(cw * ch);
  for (let y = 0; y < height; y += 2) {
    // A cell's two rows (one on the last row of an odd height), two pixels at a time.
    const a = y * width;
    const b = y + 1 < height ? a + width : -1;
    const row = (y >> 1) * cw;
    for (let x = 0; x < width; x += 2) {
      const c = row + (x >> 1);
      const right = x + 1 < width;
      const v0 = lum[a + x];
      const v1 = right ? lum[a + x + 1] : 0;
      const v2 = b >= 0 ? lum[b + x] : 0;
      const v3 = b >= 0 && right ? lum[b + x + 1] : 0;
      sum[c] = v0 + v1 + v2 + v3;
      sq[c] = v0 * v0 + v1 * v1 + v2 * v2 + v3 * v3;
    }
  }
  // Each cell's 255 / P, from the sums of the cells' columns in the band of rows around it.
  const scale = new Float32Array(cw * ch);
  const colSum = new Int32Array(cw);
  const colSq = new Float64Array(cw);
  const band = (cy: number, sign: number) => {
    for (let x = 0, c = cy * cw; x < cw; x++, c++) {
      colSum[x] += sign * sum[c];
      colSq[x] += sign * sq[c];
    }
  };
  for (let cy = 0; cy < Math.min(ch, AFTER); cy++) band(cy, 1);
  for (let cy = 0; cy < ch; cy++) {
    if (cy + AFTER < ch) band(cy + AFTER, 1);
    if (cy - BEFORE - 1 >= 0) band(cy - BEFORE - 1, -1);
    const rows = Math.min(height, 2 * (cy + AFTER + 1)) - Math.max(0, 2 * (cy - BEFORE));
    let s = 0;
    let q = 0;
    for (let x = 0; x < Math.min(cw, AFTER); x++) {
      s += colSum[x];
      q += colSq[x];
    }
    for (let cx = 0, c = cy * cw; cx < cw; cx++, c++) {
      if (cx + AFTER < cw) {
        s += colSum[cx + AFTER];
        q += colSq[cx + AFTER];
      }
      if (cx - BEFORE - 1 >= 0) {
        s -= colSum[cx - BEFORE - 1];
        q -= colSq[cx - BEFORE - 1];
      }
      const n = rows * (Math.min(width, 2 * (cx + AFTER + 1)) - Math.max(0, 2 * (cx - BEFORE)));
      const mean = s / n;
      const variance = q / n - mean * mean;
      const deviation = variance > 0 ? Math.sqrt(variance) : 0;
      const paper = (mean * (1 + SAUVOLA_K * (deviation / RANGE - 1))) / (1 - SAUVOLA_K);
      // On black paper (P = 0) every pixel is full ink.
      scale[c] = paper > 0 ? 255 / paper : 256;
    }
  }
  const level = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = (y >> 1) * cw;
    for (let x = 0, i = y * width; x < width; x += 2, i += 2) {
      const f = scale[row + (x >> 1)];
      const v = 255 - lum[i] * f;
      level[i] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
      if (x + 1 < width) {
        const w = 255 - lum[i + 1] * f;
        level[i + 1] = w <= 0 ? 0 : w >= 255 ? 255 : (w + 0.5) | 0;
      }
    }
  }
  return level;
}
