import { linearToOklab, srgbToLinearExact } from '../../packages/tracer/src/color/oklab.js';
import { isDark, type Rgba } from '../decode.js';

/**
 * The real images have no ground-truth SVG: each render is compared with the input itself, at the
 * input's own size. A render is RGBA with its transparency; `onWhite` gives what a viewer shows.
 */

/** The ink of an image: pixels whose luminance on white is below 50%. */
export function inkMask(image: Rgba): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let p = 0; p < mask.length; p++) mask[p] = isDark(image.data, p * 4) ? 1 : 0;
  return mask;
}

/** Luminance on white, 0-255, with the Rec. 709 weights scikit-image's rgb2gray uses. */
function gray(image: Rgba): Float64Array {
  const { data } = image;
  const out = new Float64Array(image.width * image.height);
  for (let p = 0, i = 0; p < out.length; p++, i += 4) {
    const y = 0.2125 * data[i] + 0.7154 * data[i + 1] + 0.0721 * data[i + 2];
    out[p] = 255 - (data[i + 3] * (255 - y)) / 255;
  }
  return out;
}

/** Whether most of an image is darker than mid-gray: on a screen, light text on a dark ground. */
export function hasDarkGround(image: Rgba): boolean {
  const g = gray(image);
  let dark = 0;
  for (const v of g) if (v < 128) dark++;
  return dark > g.length / 2;
}

/**
 * Sauvola's binarization (2000), the usual reference for documents: a pixel is ink when its
 * luminance is at most m·(1 + k·(s/R − 1)), m and s the mean and standard deviation in the
 * window around it, R = 128. Windows are clipped at the image's edges. The method reads dark ink
 * on light paper: on a dark ground (see `hasDarkGround`), `negative` runs it on the negative, so
 * the ink is the light text, not the noise around it.
 */
export function sauvolaMask(image: Rgba, { negative = false } = {}, window = 31, k = 0.2): Uint8Array {
  const { width: w, height: h } = image;
  const g = gray(image);
  if (negative) for (let p = 0; p < g.length; p++) g[p] = 255 - g[p];
  // Integral images of the luminance and its square, one row and column of zeros in front.
  const sum = new Float64Array((w + 1) * (h + 1));
  const sq = new Float64Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    let rowSq = 0;
    for (let x = 0; x < w; x++) {
      const v = g[y * w + x];
      row += v;
      rowSq += v * v;
      sum[(y + 1) * (w + 1) + x + 1] = sum[y * (w + 1) + x + 1] + row;
      sq[(y + 1) * (w + 1) + x + 1] = sq[y * (w + 1) + x + 1] + rowSq;
    }
  }
  const r = window >> 1;
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(w, x + r + 1);
      const n = (y1 - y0) * (x1 - x0);
      const a = y0 * (w + 1) + x0;
      const b = y0 * (w + 1) + x1;
      const c = y1 * (w + 1) + x0;
      const d = y1 * (w + 1) + x1;
      const mean = (sum[d] - sum[b] - sum[c] + sum[a]) / n;
      const variance = Math.max(0, (sq[d] - sq[b] - sq[c] + sq[a]) / n - mean * mean);
      const t = mean * (1 + k * (Math.sqrt(variance) / 128 - 1));
      mask[y * w + x] = g[y * w + x] <= t ? 1 : 0;
    }
  }
  return mask;
}

/** The image composited on white, opaque. */
export function onWhite(image: Rgba): Rgba {
  const data = new Uint8Array(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = image.data[i + 3];
    for (let c = 0; c < 3; c++) data[i + c] = Math.round((image.data[i + c] * a + 255 * (255 - a)) / 255);
    data[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data };
}

/** A mask drawn as a viewer sees a clean page: its ink black on white, the image's size. */
export function inkOnWhite(mask: Uint8Array, size: { width: number; height: number }): Rgba {
  const data = new Uint8Array(mask.length * 4);
  for (let p = 0; p < mask.length; p++) {
    const v = mask[p] ? 0 : 255;
    data[p * 4] = v;
    data[p * 4 + 1] = v;
    data[p * 4 + 2] = v;
    data[p * 4 + 3] = 255;
  }
  return { width: size.width, height: size.height, data };
}

/** Mean absolute difference per RGB channel (0-255) of two opaque images. */
export function meanAbsoluteError(a: Rgba, b: Rgba): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    sum += Math.abs(a.data[i] - b.data[i]);
    sum += Math.abs(a.data[i + 1] - b.data[i + 1]);
    sum += Math.abs(a.data[i + 2] - b.data[i + 2]);
  }
  return sum / ((a.data.length / 4) * 3);
}

/** OKLab distance beyond which a color counts as lost: about white against a 35% gray's step. */
export const LOST_DISTANCE = 0.15;

/**
 * The share of pixels whose color is lost: after a 3x3 box blur of both opaque images (so that an
 * edge placed half a pixel off does not count), more than 0.15 apart in OKLab. A blue robe traced
 * black is lost over its whole area, where the mean error spreads it thin.
 */
export function lostColorShare(a: Rgba, b: Rgba): number {
  const la = oklabOf(blur3(a));
  const lb = oklabOf(blur3(b));
  let lost = 0;
  const limit = LOST_DISTANCE * LOST_DISTANCE;
  for (let i = 0; i < la.length; i += 3) {
    const dl = la[i] - lb[i];
    const da = la[i + 1] - lb[i + 1];
    const db = la[i + 2] - lb[i + 2];
    if (dl * dl + da * da + db * db > limit) lost++;
  }
  return lost / (la.length / 3);
}

/** A 3x3 box blur of the RGB channels, edges clipped; 3 floats a pixel. */
function blur3(image: Rgba): Float64Array {
  const { width: w, height: h, data } = image;
  const out = new Float64Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const i = (yy * w + xx) * 4;
          r += data[i];
          g += data[i + 1];
          b += data[i + 2];
          n++;
        }
      }
      const o = (y * w + x) * 3;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return out;
}

/** sRGB (0-255 floats, 3 a pixel) to OKLab (Ottosson 2020), 3 floats a pixel. */
function oklabOf(rgb: Float64Array): Float64Array {
  const out = new Float64Array(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    // The exact curve, not the engine's interpolated table: the figures stay those measured before.
    const r = srgbToLinearExact(rgb[i]);
    const g = srgbToLinearExact(rgb[i + 1]);
    const b = srgbToLinearExact(rgb[i + 2]);
    linearToOklab(r, g, b, out, i);
  }
  return out;
}

/** Alpha below which a rendered pixel counts as transparent: less than half covered. */
const TRANSPARENT = 128;

/** Least share of an image's pixels fully transparent for it to have a transparent area to keep. */
const TRANSPARENT_AREA = 0.001;

/**
 * The share of the input's fully transparent pixels that the render leaves (mostly) transparent;
 * undefined when the input has no transparent area (none, or a few corner pixels of a window
 * screenshot).
 */
export function transparencyKept(input: Rgba, render: Rgba): number | undefined {
  let clear = 0;
  let kept = 0;
  for (let i = 3; i < input.data.length; i += 4) {
    if (input.data[i] !== 0) continue;
    clear++;
    if (render.data[i] < TRANSPARENT) kept++;
  }
  return clear === 0 || clear < TRANSPARENT_AREA * (input.data.length / 4) ? undefined : kept / clear;
}

/** Clears a mask outside a convex polygon (the page of a photo of a page): the surface is paper. */
export function withinPage(mask: Uint8Array, width: number, corners: [number, number][]): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    const x = (p % width) + 0.5;
    const y = Math.floor(p / width) + 0.5;
    const inside = corners.every(([ax, ay], k) => {
      const [bx, by] = corners[(k + 1) % corners.length];
      return (bx - ax) * (y - ay) - (by - ay) * (x - ax) >= 0;
    });
    if (inside) out[p] = 1;
  }
  return out;
}
