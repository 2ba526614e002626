/**
 * Median neighbour step (summed absolute RGB difference) above which a picture counts as noisy:
 * flat art, PNG or quality-75 JPEG, has a median step of 0 to a few levels; a scan or a photo
 * with grain has tens. Noise would otherwise break every flat region into specks of near colors.
 */
const NOISY_STEP = 6;
/** Most 3x3 median passes: grain of sigma 30 per channel needs two. */
const MAX_PASSES = 3;

/**
 * Smooths grain out of a noisy picture (packed 0xRRGGBB) with 3x3 median filters, per channel,
 * which keep edges where a blur would smear them; flat art is returned as it is. Also returns
 * the grain measured before: the standard deviation per channel, in sRGB levels, for neighbours
 * of one color (the mean absolute difference of two such values is 2σ/√π, summed over 3 channels).
 */
export function denoise(
  color: Uint32Array,
  width: number,
  height: number,
): { color: Uint32Array; grain: number } {
  const step = medianStep(color, width);
  let out = color;
  for (let pass = 0, s = step; pass < MAX_PASSES && s > NOISY_STEP; pass++) {
    out = median3x3(out, width, height);
    s = medianStep(out, width);
  }
  return { color: out, grain: step / (3 * (2 / Math.sqrt(Math.PI))) };
}

/** The median color difference between horizontal neighbours. */
export function medianStep(color: Uint32Array, width: number): number {
  const counts = new Uint32Array(766);
  let total = 0;
  for (let i = 0; i + 1 < color.length; i++) {
    if ((i + 1) % width === 0) continue;
    const a = color[i];
    const b = color[i + 1];
    counts[
      a === b
        ? 0
        : Math.abs((a >> 16) - (b >> 16)) +
          Math.abs(((a >> 8) & 255) - ((b >> 8) & 255)) +
          Math.abs((a & 255) - (b & 255))
    ]++;
    total++;
  }
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d];
    if (2 * seen >= total) return d;
  }
  return 0;
}

function median3x3(color: Uint32Array, width: number, height: number): Uint32Array {
  const out = new Uint32Array(color.length);
  const r = new Uint8Array(9);
  const g = new Uint8Array(9);
  const b = new Uint8Array(9);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let k = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy)) * width;
        for (let dx = -1; dx <= 1; dx++) {
          const c = color[yy + Math.min(width - 1, Math.max(0, x + dx))];
          r[k] = c >> 16;
          g[k] = (c >> 8) & 255;
          b[k] = c & 255;
          k++;
        }
      }
      out[y * width + x] = (median9(r) << 16) | (median9(g) << 8) | median9(b);
    }
  }
  return out;
}

/** The median of 9 bytes (sorts them in place; 9 is small enough for insertion sort). */
function median9(v: Uint8Array): number {
  for (let i = 1; i < 9; i++) {
    const x = v[i];
    let j = i - 1;
    while (j >= 0 && v[j] > x) {
      v[j + 1] = v[j];
      j--;
    }
    v[j + 1] = x;
  }
  return v[4];
}
