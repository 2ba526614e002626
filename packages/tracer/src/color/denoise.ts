/**
 * Median neighbour step (summed absolute RGB difference) above which a picture counts as noisy:
 * flat art, PNG or quality-75 JPEG, has a median step of 0 to a few levels; a scan or a photo
 * with grain has tens. Noise would otherwise break every flat region into specks of near colors.
 */
const NOISY_STEP = 6;
/** Most 3x3 median passes: grain of sigma 30 per channel needs two. */
const MAX_PASSES = 3;
/**
 * A channel moves to its neighbourhood's median only when within this many σ of grain of it:
 * grain does, while a stroke a pixel wide or a dot of text (far darker than the grain) stays.
 */
const GRAIN_SIGMAS = 3;

/**
 * Smooths grain out of a noisy picture (packed 0xRRGGBB) with 3x3 median filters, per channel,
 * which keep edges where a blur would smear them; flat art is returned as it is. A pixel keeps its
 * own value where it stands out from the median by more than grain would (a plain median erases
 * strokes a pixel wide and the dots of small text). Also returns the grain measured before: the
 * standard deviation per channel, in sRGB levels, for neighbours of one color (the mean absolute
 * difference of two such values is 2σ/√π, summed over 3 channels).
 */
export function denoise(
  color: Uint32Array,
  width: number,
  height: number,
): { color: Uint32Array; grain: number } {
  const step = medianStep(color, width);
  const grain = step / (3 * (2 / Math.sqrt(Math.PI)));
  const limit = Math.max(8, GRAIN_SIGMAS * grain);
  let out = color;
  for (let pass = 0, s = step; pass < MAX_PASSES && s > NOISY_STEP; pass++) {
    out = median3x3(out, width, height, limit);
    s = medianStep(out, width);
  }
  return { color: out, grain };
}

/** The median color difference between horizontal neighbours, over about 128 evenly spread rows. */
export function medianStep(color: Uint32Array, width: number): number {
  const height = color.length / width;
  const every = Math.max(1, Math.floor(height / 128));
  const counts = new Uint32Array(766);
  let total = 0;
  for (let y = 0; y < height; y += every) {
    for (let i = y * width, end = i + width - 1; i < end; i++) {
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
  }
  let seen = 0;
  for (let d = 0; d < counts.length; d++) {
    seen += counts[d];
    if (2 * seen >= total) return d;
  }
  return 0;
}

/**
 * 3x3 median per channel, by sorted columns: each column of three is sorted once per row, and
 * the median of the nine is the median of (largest of the lows, median of the middles, smallest
 * of the highs). Edges repeat their outermost pixels.
 */
function median3x3(color: Uint32Array, width: number, height: number, limit: number): Uint32Array {
  const out = new Uint32Array(color.length);
  const lo = new Uint8Array(width);
  const mid = new Uint8Array(width);
  const hi = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const above = Math.max(0, y - 1) * width;
    const row = y * width;
    const below = Math.min(height - 1, y + 1) * width;
    for (let shift = 16; shift >= 0; shift -= 8) {
      for (let x = 0; x < width; x++) {
        const a = (color[above + x] >> shift) & 255;
        const b = (color[row + x] >> shift) & 255;
        const c = (color[below + x] >> shift) & 255;
        const low = Math.min(a, b, c);
        const high = Math.max(a, b, c);
        lo[x] = low;
        mid[x] = a + b + c - low - high;
        hi[x] = high;
      }
      for (let x = 0; x < width; x++) {
        const l = x > 0 ? x - 1 : 0;
        const r = x < width - 1 ? x + 1 : width - 1;
        const maxLo = Math.max(lo[l], lo[x], lo[r]);
        const minHi = Math.min(hi[l], hi[x], hi[r]);
        const medMid = median3(mid[l], mid[x], mid[r]);
        const median = median3(maxLo, medMid, minHi);
        const own = (color[row + x] >> shift) & 255;
        out[row + x] |= (Math.abs(own - median) <= limit ? median : own) << shift;
      }
    }
  }
  return out;
}

function median3(a: number, b: number, c: number): number {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}
