import { Resvg } from '@resvg/resvg-js';
import { toSvg } from './export/index.js';
import type { VectorImage } from './model.js';

/**
 * The model drawn as a PNG, its image `width` pixels wide, its height in proportion: a page grown
 * round a cut contour is drawn whole, wider by its margin, as the vector formats' pages are. On
 * `background` (a CSS color), or transparent without one. resvg draws it, an optional peer
 * dependency: the server's PNG downloads and `vectrace -o art.png` are drawn here alike.
 */
export function drawPng(model: VectorImage, width: number, background?: string): Uint8Array {
  const page = model.width + 2 * (model.margin ?? 0);
  const fitTo = { mode: 'width', value: Math.max(1, Math.round((width * page) / model.width)) } as const;
  return new Resvg(toSvg(model), { fitTo, ...(background ? { background } : {}) }).render().asPng();
}
