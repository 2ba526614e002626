/** Sauvola's window: 31 px, the size the method is usually run at on pages of text. */
const WINDOW = 31;
/** Sauvola's k: how far below the local mean the cut sits on plain paper (20%). */
export const SAUVOLA_K = 0.2;
/** Sauvola's R: the dynamic range of the standard deviation, for 8-bit levels. */
const RANGE = 128;

/**
 * Sauvola's local binarization (2000), as the ink level of every pixel: a pixel is ink when its
 * luminance is at most T = m·(1 + k·(s/R − 1)), m and s the mean and standard deviation in the
 * 31x31 window around it (clipped at the image's edges). The level is the pixel's darkness
 * against the local paper P = T/(1 − k) (what T is on plain paper), 0 at or above P and 255 at
 * black, so the cut T sits at level k. Sums run over a sliding band of rows, so memory stays at
 * a few rows whatever the page size.
 */
export function sauvolaLevels(lum: Uint8Array, width: number, height: number): Uint8Array {
  const level = new Uint8Array(width * height);
  const r = WINDOW >> 1;
  // Per column: the sum and sum of squares of the rows in the band around the current row.
  const col = new Float64Array(width);
  const colSq = new Float64Array(width);
  const add = (y: number, sign: number) => {
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const v = lum[i];
      col[x] += sign * v;
      colSq[x] += sign * v * v;
    }
  };
  for (let y = 0; y < Math.min(height, r); y++) add(y, 1);
  for (let y = 0; y < height; y++) {
    if (y + r < height) add(y + r, 1);
    if (y - r - 1 >= 0) add(y - r - 1, -1);
    const rows = Math.min(height, y + r + 1) - Math.max(0, y - r);
    let sum = 0;
    let sq = 0;
    for (let x = 0; x < Math.min(width, r); x++) {
      sum += col[x];
      sq += colSq[x];
    }
    for (let x = 0, i = y * width; x < width; x++, i++) {
      if (x + r < width) {
        sum += col[x + r];
        sq += colSq[x + r];
      }
      if (x - r - 1 >= 0) {
        sum -= col[x - r - 1];
        sq -= colSq[x - r - 1];
      }
      const n = rows * (Math.min(width, x + r + 1) - Math.max(0, x - r));
      const mean = sum / n;
      const deviation = Math.sqrt(Math.max(0, sq / n - mean * mean));
      const cut = mean * (1 + SAUVOLA_K * (deviation / RANGE - 1));
      const paper = cut / (1 - SAUVOLA_K);
      const v = paper > 0 ? (255 * (paper - lum[i])) / paper : 255;
      level[i] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return level;
}
