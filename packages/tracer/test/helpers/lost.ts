import { srgbToOklab } from '../../src/color/oklab.js';
import { type RasterImage, toSvg, type VectorImage } from '../../src/index.js';
import { renderSvg } from './render.js';

/**
 * The share of a picture a result loses, as the benchmark scores it: the result rendered at the
 * image's size, both on white and blurred 3x3 (an edge half a pixel off does not count), pixels
 * more than 0.15 apart in OKLab counted.
 */
export function lostShare(image: RasterImage, model: VectorImage): number {
  const render = renderSvg(toSvg(model), image.width);
  const a = blurredLab(image.data, image.width, image.height);
  const b = blurredLab(render.data, image.width, image.height);
  let lost = 0;
  for (let i = 0; i < a.length; i += 3) {
    if (Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]) > 0.15) lost++;
  }
  return lost / (a.length / 3);
}

/** RGBA (straight alpha) on white, blurred over 3x3 pixels, in OKLab: 3 floats a pixel. */
function blurredLab(data: Uint8Array | Uint8ClampedArray, w: number, h: number): Float64Array {
  const out = new Float64Array(w * h * 3);
  const rgb = [0, 0, 0];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      rgb.fill(0);
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) {
          const o = (yy * w + xx) * 4;
          const alpha = data[o + 3] / 255;
          for (let c = 0; c < 3; c++) rgb[c] += data[o + c] * alpha + 255 * (1 - alpha);
          n++;
        }
      }
      srgbToOklab(rgb[0] / n, rgb[1] / n, rgb[2] / n, out, (y * w + x) * 3);
    }
  }
  return out;
}
