import { Resvg } from '@resvg/resvg-js';
import type { Point } from '@vectrace/tracer';
import sharp from 'sharp';
import { keptClearOfEdges } from './watermark-pixels.js';

// "PREVIEW" drawn as strokes on a 4 x 6 grid per letter, so that no font needs to be installed.
const letters: Record<string, string> = {
  P: 'M0 6V0H3L4 1V2L3 3H0',
  R: 'M0 6V0H3L4 1V2L3 3H0M2 3L4 6',
  E: 'M4 0H0V6H4M0 3H3',
  V: 'M0 0L2 6L4 0',
  I: 'M2 0V6M1 0H3M1 6H3',
  W: 'M0 0L1 6L2 2L3 6L4 0',
};
/** The word PREVIEW as one path, 6 units high and 40 long. */
const previewWord = [...'PREVIEW'].map((letter, i) => shift(letters[letter], i * 6)).join('');

function shift(path: string, dx: number): string {
  // Move every absolute x by dx; H takes x, V takes y, M and L take "x y".
  return path.replace(/([MLHV])([\d.]+)(?: ([\d.]+))?/g, (_, cmd: string, a: string, b?: string) => {
    if (cmd === 'V') return `V${a}`;
    if (cmd === 'H') return `H${Number(a) + dx}`;
    return `${cmd}${Number(a) + dx} ${b}`;
  });
}

// On screen, at the middle of a zoom octave: words 13 px high in staggered rows 65 px apart, a
// word every 180 px along a row. Sparse, yet any 150 x 150 px of a screenshot holds part of one.
const LETTER_PX = 13;
const TILE_PX = { w: 180, h: 130 };
const STROKE_PX = { halo: 2.2, core: 1 };
const ANGLE = -30;

/** What a render shows: a box of the result in its own units, `scale` pixels per unit. */
export interface MarkedArea {
  x: number;
  y: number;
  w: number;
  h: number;
  scale: number;
}

/**
 * The picture (the clean render of `area`, framed by the SVG start tag `open`) with the watermark
 * fixed at `anchor`, as a PNG. The mark is a sparse "PREVIEW" kept clear of the artwork's edges
 * (watermark-pixels.ts), so that every edge, corner and curve can be judged clean at any zoom. Its
 * place is fixed to the picture's content (worker/mark-anchor.ts), not to the screen or the upload:
 * renders of shifted regions, and of copies of the picture shifted, padded or dotted, carry the
 * same mark on the same art, so no median, minimum or maximum of them takes it off. Its size goes
 * by zoom octave, so that the words stay a readable size on screen at every zoom and fixed to the
 * art within an octave.
 *
 * The edges are found in the picture rather than kept clear with an SVG mask of the paths drawn
 * again as strokes: stroking every path costs more than filling it, and for a color trace of a
 * 2000 px image a region took 1.9 s that way against 0.6 s with the earlier mark; found in the
 * picture, 0.36-0.73 s (0.9-1.2 times the earlier mark).
 */
export async function withWatermark(
  picture: { pixels: Buffer; width: number; height: number },
  open: string,
  area: MarkedArea,
  anchor: Point,
): Promise<Buffer> {
  const { width, height } = picture;
  const mark = new Resvg(`${open}${markOf(area, anchor)}</svg>`).render();
  if (mark.width !== width || mark.height !== height) throw new Error('watermark size differs');
  // The image's own pixel grid: blocks of the busy-art rule stay on the art as regions shift.
  const origin = { x: Math.round(area.x * area.scale), y: Math.round(area.y * area.scale) };
  const rgba = keptClearOfEdges(picture.pixels, mark.pixels, width, height, origin);
  // A low compression level: flat art's rows repeat, and speed matters more here than bytes.
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** The words over `area`, in the result's units: a lattice with a word's middle at `anchor`. */
function markOf(area: MarkedArea, anchor: Point): string {
  const octave = 2 ** Math.round(Math.log2(area.scale));
  const tileW = TILE_PX.w / octave;
  const tileH = TILE_PX.h / octave;
  const unit = LETTER_PX / 6;
  // Words are placed in a frame turned by ANGLE; each is kept if the circle around it, turned
  // back into the image, meets the area.
  const [cos, sin] = [Math.cos((ANGLE * Math.PI) / 180), Math.sin((ANGLE * Math.PI) / 180)];
  const [halfW, halfH] = [(20 * unit) / octave, (3 * unit) / octave];
  // The anchor in the turned frame, less half a word: the lattice's phase, in tiles.
  const phaseX = (anchor.x * cos + anchor.y * sin - halfW) / tileW;
  const phaseY = (-anchor.x * sin + anchor.y * cos - halfH) / tileH;
  const reach = Math.hypot(halfW, halfH) + STROKE_PX.halo / octave;
  const [cx, cy] = [area.x + area.w / 2, area.y + area.h / 2];
  const [hw, hh] = [area.w / 2 + reach, area.h / 2 + reach];
  // The tiles to look at: those within the circle around the area, in the turned frame.
  const spread = Math.hypot(hw, hh) + Math.max(tileW, tileH);
  const [cu, cv] = [cx * cos + cy * sin, -cx * sin + cy * cos];
  const places: string[] = [];
  const place = (u: number, v: number) => {
    const [mu, mv] = [u + halfW, v + halfH];
    const [x, y] = [mu * cos - mv * sin, mu * sin + mv * cos];
    if (Math.abs(x - cx) <= hw && Math.abs(y - cy) <= hh)
      places.push(`<use href="#vt-word" x="${u}" y="${v}"/>`);
  };
  for (let j = Math.floor((cv - spread) / tileH - phaseY); j <= (cv + spread) / tileH - phaseY; j++) {
    for (let i = Math.floor((cu - spread) / tileW - phaseX); i <= (cu + spread) / tileW - phaseX; i++) {
      const u = (phaseX + i) * tileW;
      const v = (phaseY + j) * tileH;
      place(u, v);
      place(u + tileW / 2, v + tileH / 2);
    }
  }
  const words = places.join('');
  return [
    `<defs><path id="vt-word" d="${previewWord}" transform="scale(${unit / octave})"/></defs>`,
    `<g transform="rotate(${ANGLE})" fill="none" stroke-linecap="round" stroke-linejoin="round">`,
    `<g stroke="#fff" stroke-opacity="0.5" stroke-width="${STROKE_PX.halo / unit}">${words}</g>`,
    `<g stroke="#1e1b4b" stroke-opacity="0.55" stroke-width="${STROKE_PX.core / unit}">${words}</g>`,
    '</g>',
  ].join('');
}
