/** sRGB channel 0-255 to linear light 0-1 by the curve of IEC 61966-2-1 itself, a power per call. */
export function srgbToLinearExact(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** sRGB 0-255 to linear light 0-1 for every 8-bit channel value. */
export const srgbToLinearLut: Float64Array = Float64Array.from({ length: 256 }, (_, v) =>
  srgbToLinearExact(v),
);

/**
 * sRGB channel 0-255 to linear light 0-1; fractions (a mean color) are interpolated in the
 * table, within 1e-5 of the exact curve and without a power per call.
 */
export function srgbToLinear(v: number): number {
  if (v <= 0) return 0;
  if (v >= 255) return 1;
  const i = Math.floor(v);
  const lo = srgbToLinearLut[i];
  return lo + (v - i) * (srgbToLinearLut[i + 1] - lo);
}

/**
 * Linear-light RGB (0-1) to OKLab (Ottosson 2020), written into `out` at `at` as L, a, b.
 * OKLab is used because equal distances in it look about equally different, so one threshold
 * separates colors across the whole gamut.
 */
export function linearToOklab(r: number, g: number, b: number, out: Float64Array, at = 0): void {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  out[at] = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  out[at + 1] = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  out[at + 2] = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
}

/** sRGB (0-255, fractions allowed) to OKLab, written into `out` at `at`. */
export function srgbToOklab(r: number, g: number, b: number, out: Float64Array, at = 0): void {
  linearToOklab(srgbToLinear(r), srgbToLinear(g), srgbToLinear(b), out, at);
}

/** OKLab to sRGB 0-255 (clamped to the gamut), written into `out` at `at`. */
export function oklabToSrgb(L: number, a: number, b: number, out: Float64Array, at = 0): void {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  for (let c = 0; c < 3; c++) {
    const v = Math.min(1, Math.max(0, linear[c]));
    out[at + c] = 255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055);
  }
}
