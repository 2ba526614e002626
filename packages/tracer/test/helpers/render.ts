import { Resvg } from '@resvg/resvg-js';

/** An RGB or RGBA raster, row-major from the top-left pixel. */
export interface Pixels {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Uint8Array;
}

/**
 * Rasterises an SVG with resvg, scaled to `width` pixels wide and composited on white, or with
 * its transparency kept (premultiplied RGBA) when `background` is null.
 */
export function renderSvg(svg: string, width: number, background: string | null = 'white'): Pixels {
  const image = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    ...(background === null ? {} : { background }),
  }).render();
  return { width: image.width, height: image.height, channels: 4, data: new Uint8Array(image.pixels) };
}

/** The alpha (0-255) of one pixel of an RGBA raster. */
export function alphaAt({ width, data }: Pixels, x: number, y: number): number {
  return data[(y * width + x) * 4 + 3];
}

/** Rasterises an SVG `size` pixels wide: 1 where the pixel is dark (luminance under 50%), else 0. */
export function renderSvgMask(svg: string, size: number): Uint8Array {
  return darkMask(renderSvg(svg, size));
}

/** 1 where a pixel's Rec. 709 luminance is under 50%, else 0; alpha is ignored (render on white). */
export function darkMask({ width, height, channels, data }: Pixels): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) {
    const o = i * channels;
    mask[i] = 0.2126 * data[o] + 0.7152 * data[o + 1] + 0.0722 * data[o + 2] < 127.5 ? 1 : 0;
  }
  return mask;
}

/** Intersection over union of two equal-sized masks; 1 when both are empty. */
export function iou(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new Error(`Masks differ in size: ${a.length} and ${b.length} pixels`);
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i] & b[i];
    either += a[i] | b[i];
  }
  return either === 0 ? 1 : both / either;
}

/** The RGB color of one pixel. */
export function pixelAt({ width, channels, data }: Pixels, x: number, y: number): [number, number, number] {
  const o = (y * width + x) * channels;
  return [data[o], data[o + 1], data[o + 2]];
}

/** Whether an RGB triple is within `tolerance` of a color on every channel. */
export function nearColor(
  [r, g, b]: readonly number[],
  want: { r: number; g: number; b: number },
  tolerance = 1,
): boolean {
  return (
    Math.abs(r - want.r) <= tolerance &&
    Math.abs(g - want.g) <= tolerance &&
    Math.abs(b - want.b) <= tolerance
  );
}
