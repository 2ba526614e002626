import { Resvg } from '@resvg/resvg-js';

/** The width every SVG is scored at; the frame's height follows from its aspect ratio. */
export const RENDER_WIDTH = 1024;

/** An opaque RGBA render, composited on white. */
export interface Render {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Renders an SVG at 1024 px wide on white. Fitting the width maps any SVG's frame (viewBox, or
 * potrace's pt-sized page with its transform) onto the same pixel grid as the ground truth.
 */
export function render(svg: string): Render {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: RENDER_WIDTH },
    background: 'white',
    font: { loadSystemFonts: false },
  });
  const image = resvg.render();
  return { width: image.width, height: image.height, pixels: new Uint8Array(image.pixels) };
}

/**
 * Renders an SVG at `width` px wide (the frame's height follows) with its transparency kept:
 * straight (not premultiplied) RGBA, as decoded images are.
 */
export function renderRgba(svg: string, width: number): { width: number; height: number; data: Uint8Array } {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } });
  const image = resvg.render();
  const data = new Uint8Array(image.pixels);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3];
    if (a === 0 || a === 255) continue;
    for (let c = 0; c < 3; c++) data[i + c] = Math.min(255, Math.round((data[i + c] * 255) / a));
  }
  return { width: image.width, height: image.height, data };
}
