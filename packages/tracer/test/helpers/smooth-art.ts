import type { RasterImage } from '../../src/model.js';
import { rasterOf } from './raster.js';
import { renderSvg } from './render.js';
import { seeded } from './sprites.js';

/** Markup rendered on transparency, straight (not premultiplied) alpha, as a PNG decodes. */
export function onClear(body: string, size: number): RasterImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
  const { width, height, data } = renderSvg(svg, size, null);
  for (let o = 0; o < data.length; o += 4) {
    const a = data[o + 3] as number;
    if (a > 0 && a < 255)
      for (let c = 0; c < 3; c++)
        data[o + c] = Math.min(255, Math.round(((data[o + c] as number) * 255) / a));
  }
  return { width, height, data };
}

/** An app icon 48 px on transparency: a rounded square with a gradient, a disc, a tick; anti-aliased. */
export function smoothIcon(): RasterImage {
  return onClear(
    '<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a90e2"/><stop offset="1" stop-color="#1c4f9c"/></linearGradient></defs>' +
      '<rect x="3" y="3" width="42" height="42" rx="9" fill="url(#g)"/>' +
      '<circle cx="24" cy="22" r="11.3" fill="#fff"/>' +
      '<path d="M18 22.5 L22.6 27 L30.4 17.2" stroke="#1c4f9c" stroke-width="2.6" fill="none" stroke-linecap="round"/>',
    48,
  );
}

/** A flat logo, 256 px on white: a ring, a bar and a leaf in two colors, anti-aliased. */
export function flatLogo(): RasterImage {
  return rasterOf(
    '<circle cx="128" cy="110" r="70" fill="none" stroke="#d33" stroke-width="22"/>' +
      '<rect x="40" y="200" width="176" height="24" rx="12" fill="#223"/>' +
      '<path d="M128 60 C170 80 170 140 128 160 C86 140 86 80 128 60Z" fill="#223"/>',
    256,
  );
}

/** A photo downscaled to `size` px: light falling across a scene, soft shapes, sensor noise. */
export function photo(size = 40, seed = 9): RasterImage {
  const random = seeded(seed);
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      const disc = Math.max(0, 1 - Math.hypot(u - 0.6, v - 0.45) / 0.25);
      const base = [90 + 120 * v, 120 + 60 * u, 160 - 80 * v];
      const o = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) {
        const lit = (base[c] as number) * (1 - disc) + [220, 140, 60][c]! * disc;
        data[o + c] = Math.max(0, Math.min(255, Math.round(lit + (random() - 0.5) * 10)));
      }
      data[o + 3] = 255;
    }
  }
  return { width: size, height: size, data };
}

/**
 * A screenshot of a window 320 x 200: a title bar, a side panel, a field and lines of small
 * anti-aliased text (strokes like letters' at fractional positions).
 */
export function screenshot(): RasterImage {
  const random = seeded(4);
  let text = '';
  for (let line = 0; line < 9; line++) {
    const y = 52 + line * 15;
    let x = 96.3;
    while (x < 300) {
      const letter = random();
      const h = letter < 0.3 ? 9 : 6.5;
      text += `<path d="M${x.toFixed(1)} ${y + 9} l0 ${-h} m0 ${h / 2} q2.6 -2.8 4.2 0 l0 ${h / 2 - 0.3}" stroke="#222" stroke-width="1.1" fill="none"/>`;
      x += letter < 0.15 ? 9.7 : 6.35;
    }
  }
  const svg =
    '<rect width="320" height="200" fill="#f4f4f4"/><rect width="320" height="24" fill="#2d3e50"/>' +
    '<rect x="0" y="24" width="80" height="176" fill="#e3e6ea"/>' +
    '<rect x="90.5" y="34.5" width="220" height="150" rx="4" fill="#fff" stroke="#b5bcc4"/>' +
    '<circle cx="12" cy="12" r="5.5" fill="#e55"/><circle cx="28" cy="12" r="5.5" fill="#eb5"/>' +
    text;
  const raster = rasterOf(svg, 320);
  // A window is wider than tall: keep the top 200 rows.
  return { width: 320, height: 200, data: raster.data.slice(0, 320 * 200 * 4) };
}

/** Text-like strokes, anti-aliased, black on white, `size` px: a word of a font's letters. */
export function strokes(size = 48): RasterImage {
  const k = size / 48;
  return rasterOf(
    `<path d="M${6 * k} ${34 * k} L${12 * k} ${12 * k} L${18 * k} ${34 * k} M${8.5 * k} ${26 * k} L${15.5 * k} ${26 * k} M${24 * k} ${12 * k} L${24 * k} ${34 * k} Q${36 * k} ${30 * k} ${28 * k} ${23 * k} Q${38 * k} ${16 * k} ${24 * k} ${12 * k}" stroke="#000" stroke-width="${2.2 * k}" fill="none"/>`,
    size,
  );
}

/** A smooth gradient `size` px square, left to right and top to bottom. */
export function gradient(size = 64): RasterImage {
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      data.set([Math.round((255 * x) / size), Math.round((200 * y) / size), 120, 255], (y * size + x) * 4);
  return { width: size, height: size, data };
}
