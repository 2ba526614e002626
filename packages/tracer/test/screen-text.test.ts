import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../src/decode.js';
import { type RasterImage, toSvg, trace } from '../src/index.js';
import { lostShare } from './helpers/lost.js';
import { renderSvg } from './helpers/render.js';

const WIDTH = 360;
const HEIGHT = 240;

/** Lines of small letters (hooks like an n or an h) in a thin gray stroke, from (96, 60). */
function letters(color: string): string {
  let text = '';
  for (let line = 0; line < 10; line++) {
    const y = 60 + line * 15;
    for (let x = 96.3, k = 0; x < 330; k++) {
      const h = k % 3 === 0 ? 9 : 6.5;
      text += `<path d="M${x.toFixed(1)} ${y + 9} l0 ${-h} m0 ${h / 2} q2.6 -2.8 4.2 0 l0 ${h / 2 - 0.3}" stroke="${color}" stroke-width="0.8" fill="none"/>`;
      x += k % 5 === 4 ? 9.7 : 6.35;
    }
  }
  return text;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}</svg>`;
}

/**
 * A dialog saved as JPEG: a light blue frame and title bar (a window's chrome), a white list with
 * a gray border and a blue selected row, and lines of small gray text, as a screen draws it:
 * strokes under a pixel wide. JPEG's ringing gives it 11 % mid-tones, more than clean art has.
 */
function jpegDialog(text = '#555'): Promise<RasterImage> {
  return asJpeg(
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#c2dcf8"/>` +
      `<rect x="4" y="20" width="${WIDTH - 8}" height="${HEIGHT - 24}" fill="#f0f0f0"/>` +
      `<rect x="86.5" y="48.5" width="256" height="172" fill="#fff" stroke="#a0a0a0"/>` +
      `<rect x="87" y="103" width="255" height="13" fill="#3399ff"/>` +
      letters(text),
  );
}

/**
 * A dark theme's dialog saved as JPEG: a dark gray window, a lighter gray panel with a light
 * border, and lines of small light gray text.
 */
function darkJpegDialog(): Promise<RasterImage> {
  return asJpeg(
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#3c3c3c"/>` +
      `<rect x="4.5" y="20.5" width="${WIDTH - 9}" height="${HEIGHT - 25}" fill="#4a4a4a" stroke="#707070"/>` +
      letters('#d0d0d0'),
  );
}

async function asJpeg(body: string): Promise<RasterImage> {
  const png = renderSvg(svg(body), WIDTH, 'white');
  const jpeg = await sharp(png.data, { raw: { width: WIDTH, height: HEIGHT, channels: 4 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return decodeImage(jpeg);
}

/** The letters' pixels: where black letters drawn alone cover a pixel by at least half. */
function letterPixels(): Uint8Array {
  const { data } = renderSvg(svg(letters('#000')), WIDTH, 'white');
  return Uint8Array.from({ length: WIDTH * HEIGHT }, (_, p) => (data[p * 4] < 128 ? 1 : 0));
}

/** The share of the letters' pixels a rendered result shows dark (or, with `light`, light). */
function lettersKept(drawn: Uint8Array | Uint8ClampedArray, light = false): number {
  const letter = letterPixels();
  let inLetters = 0;
  let kept = 0;
  for (let p = 0; p < letter.length; p++) {
    if (letter[p] === 0) continue;
    inLetters++;
    if (drawn[p * 4] < 128 !== light) kept++;
  }
  expect(inLetters).toBeGreaterThan(1000);
  return kept / inLetters;
}

describe('a screenshot saved as JPEG, in black and white', () => {
  it('keeps its small gray text whole, not in dashes', async () => {
    const image = await jpegDialog();
    // Read as a picture (a page would be read against its paper, which keeps text too).
    const drawn = renderSvg(toSvg(trace(image, { mode: 'bw', read: 'picture' })), WIDTH, 'white').data;
    expect(lettersKept(drawn)).toBeGreaterThan(0.9);
  });

  it('draws faint gray text as wide as it shows against the ground around it', async () => {
    const image = await jpegDialog('#777');
    const drawn = renderSvg(toSvg(trace(image, { mode: 'bw' })), WIDTH, 'white').data;
    // Cut globally alone, its anti-aliased rims fell away (85 % of it kept; 89 % with the local reading).
    expect(lettersKept(drawn)).toBeGreaterThan(0.87);
  });

  it("keeps a dark dialog's small light text whole, light on the dark ground", async () => {
    const image = await darkJpegDialog();
    const drawn = renderSvg(toSvg(trace(image, { mode: 'bw' })), WIDTH, 'white').data;
    // Read against the ground around it: cut globally, its stems broke (90 % of it kept).
    expect(lettersKept(drawn, true)).toBeGreaterThan(0.95);
  });
});

/**
 * Black letters on white as a screen draws them with subpixel rendering (ClearType): the letters
 * drawn three times as wide, one sample a third of a pixel, filtered along the row over five
 * thirds (weights 1 2 3 2 1), and each pixel's red, green and blue its own three thirds, so that
 * the letters' edges come out orange on one side and blue on the other.
 */
function subpixelText(): RasterImage {
  const wide = svg(letters('#000')).replace(
    `width="${WIDTH}"`,
    `width="${3 * WIDTH}" preserveAspectRatio="none"`,
  );
  const thirds = renderSvg(wide, 3 * WIDTH, 'white').data;
  const across = 3 * WIDTH;
  const weights = [1, 2, 3, 2, 1];
  const data = new Uint8Array(WIDTH * HEIGHT * 4).fill(255);
  for (let y = 0; y < HEIGHT; y++) {
    for (let s = 0; s < across; s++) {
      let sum = 0;
      for (let k = -2; k <= 2; k++) {
        const q = Math.min(across - 1, Math.max(0, s + k));
        sum += weights[k + 2] * thirds[(y * across + q) * 4];
      }
      data[(y * WIDTH + Math.floor(s / 3)) * 4 + (s % 3)] = Math.round(sum / 9);
    }
  }
  return { width: WIDTH, height: HEIGHT, data };
}

describe('text drawn with subpixel rendering', () => {
  it('comes out in gray letters, not orange and blue halves, and keeps them', () => {
    const image = subpixelText();
    // The picture has the fringes this is about: most of its letters' pixels are colored.
    const colored = (r: number, g: number, b: number) => Math.max(r, g, b) - Math.min(r, g, b) > 40;
    let fringes = 0;
    for (let o = 0; o < image.data.length; o += 4) {
      if (colored(image.data[o], image.data[o + 1], image.data[o + 2])) fringes++;
    }
    expect(fringes).toBeGreaterThan(2000);
    for (const mode of ['auto', 'color'] as const) {
      const model = trace(image, { mode });
      for (const { color } of model.layers) expect(colored(color.r, color.g, color.b)).toBe(false);
      expect(lostShare(image, model)).toBeLessThan(0.01);
    }
  });
});
