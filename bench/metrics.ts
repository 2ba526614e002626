import { isDark } from './decode.js';
import type { Render } from './render.js';

/** The dark (luminance < 50%) pixels of a render, one byte each. */
export function darkMask(image: Render): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let p = 0; p < mask.length; p++) mask[p] = isDark(image.pixels, p * 4) ? 1 : 0;
  return mask;
}

/** The RGB channels of a render, three bytes a pixel. */
export function rgb(image: Render): Uint8Array {
  const out = new Uint8Array(image.width * image.height * 3);
  for (let p = 0, q = 0; q < out.length; p += 4, q += 3) {
    out[q] = image.pixels[p];
    out[q + 1] = image.pixels[p + 1];
    out[q + 2] = image.pixels[p + 2];
  }
  return out;
}

/** Intersection over union of two masks; two empty masks agree perfectly. */
export function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i] & b[i];
    either += a[i] | b[i];
  }
  return either === 0 ? 1 : both / either;
}

/** Mean absolute difference per channel (0-255) between two RGB buffers. */
export function mae(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Scores a render against its ground truth; throws when the frames differ. */
export function score(
  kind: 'bw' | 'color',
  image: Render,
  truth: { width: number; height: number; data: Uint8Array },
): number {
  if (image.width !== truth.width || image.height !== truth.height) {
    throw new Error(
      `frame ${image.width}x${image.height} does not match the ground truth's ${truth.width}x${truth.height}`,
    );
  }
  return kind === 'bw' ? iou(darkMask(image), truth.data) : mae(rgb(image), truth.data);
}
