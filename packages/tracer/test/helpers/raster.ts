import type { RasterImage } from '../../src/model.js';
import { renderSvg } from './render.js';

/** Renders SVG markup (drawn in a size x size frame) to an anti-aliased RGBA raster on white. */
export function rasterOf(body: string, size: number, background: string | null = 'white'): RasterImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
  const { width, height, data } = renderSvg(svg, size, background);
  return { width, height, data };
}

/** A raster of one color everywhere. */
export function flat(width: number, height: number, rgba: [number, number, number, number]): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}
