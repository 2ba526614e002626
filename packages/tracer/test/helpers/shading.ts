import type { RasterImage } from '../../src/model.js';

/**
 * Pictures with smooth shading, and one without, for the gradients (color/gradients.ts): in the
 * tests and in `npm run bench:gradients`.
 */

type Rgba = [number, number, number, number];

function picture(
  width: number,
  height: number,
  at: (x: number, y: number) => Rgba,
): RasterImage & { data: Uint8Array } {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(at(x, y), (y * width + x) * 4);
  return { width, height, data };
}

export const W = 200;
export const H = 160;
const white: Rgba = [255, 255, 255, 255];
const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A rectangle shaded from blue to orange along a line at about 29° to the rows, on white. */
export const linear = picture(W, H, (x, y) => {
  if (x < 20 || x >= 180 || y < 20 || y >= 140) return white;
  const t = Math.min(1, Math.max(0, ((x - 20) * Math.cos(0.5) + (y - 20) * Math.sin(0.5)) / 200));
  return [mix(30, 250, t), mix(60, 180, t), mix(200, 20, t), 255];
});

/** A disc on transparency, lit from a highlight up and left of its centre. */
export const radial = picture(W, H, (x, y) => {
  if (Math.hypot(x + 0.5 - 100, y + 0.5 - 80) > 70) return [0, 0, 0, 0];
  const t = Math.min(1, Math.hypot(x - 80, y - 60) / 100);
  return [mix(255, 55, t), mix(240, 40, t), mix(200, 50, t), 255];
});

/** A glossy icon: a blue square shaded top to bottom, a highlight at the top, a flat white glyph. */
export const glossy = picture(W, H, (x, y) => {
  if (x < 30 || x >= 170 || y < 10 || y >= 150) return white;
  if (Math.hypot(x - 100, y - 85) < 30 && Math.abs(x - 100) < 12) return white;
  const t = (y - 10) / 140;
  const gloss = 0.6 * Math.max(0, 1 - Math.hypot(x - 100, (y - 20) * 2) / 90);
  return [mix(40 + 20 * t, 255, gloss), mix(120 - 60 * t, 255, gloss), mix(230 - 80 * t, 255, gloss), 255];
});

/** A flat logo: a red disc and a blue square on off-white. */
export const flat = picture(W, H, (x, y) => {
  if (Math.hypot(x - 70, y - 80) < 40) return [220, 30, 40, 255];
  if (x > 110 && x < 180 && y > 40 && y < 120) return [20, 90, 200, 255];
  return [250, 250, 250, 255];
});

/** Flat art with a little shading: rows of red dots, and under them a small bar shaded green to cyan. */
export const dots = picture(W, H, (x, y) => {
  if (y >= 145 && x >= 150 && x < 190) return [40, mix(80, 230, (x - 150) / 40), 200, 255];
  if (y < 140 && Math.hypot((x % 14) - 7, (y % 14) - 7) < 5) return [220, 30, 40, 255];
  return [250, 250, 250, 255];
});
