import { describe, expect, it } from 'vitest';
import { type RasterImage, toSvg, trace } from '../src/index.js';
import { inkMap } from '../src/ink/ink-map.js';
import { bwKeepsPicture } from '../src/reading-check.js';
import { lostShare } from './helpers/lost.js';
import { rasterOf } from './helpers/raster.js';
import { pixelAt, renderSvg } from './helpers/render.js';

/** A seeded random number generator, 0-1. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A gray picture of `width` x `height`, each pixel's level given by `level(x, y)`, clamped. */
function gray(width: number, height: number, level: (x: number, y: number) => number): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.max(0, Math.min(255, Math.round(level(x, y))));
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** Lines of word-like marks (strokes of `mark(paper)`) on a ground of `ground(x, y)`, with grain. */
function marks(
  width: number,
  height: number,
  ground: (x: number, y: number) => number,
  ink = 0.25,
): RasterImage {
  return gray(width, height, (x, y) => {
    const paper = ground(x, y);
    const line = y % 16 >= 4 && y % 16 < 12 && y > 8 && y < height - 8;
    const word = x > 8 && x < width - 8 && x % 48 < 40;
    const stroke = (x % 6 < 2 || y % 16 === 4 || y % 16 === 11) && x % 6 !== 5;
    return line && word && stroke ? paper * ink : paper + ((x * 7 + y * 13) % 9) - 4;
  });
}

/** A low-chroma photo: a textured oval (a bird's feathers) on a soft, unevenly lit ground. */
function softPhoto(width: number, height: number): RasterImage {
  const next = random(3);
  const image = gray(width, height, (x, y) => {
    const dx = (x - width / 2) / (width / 3);
    const dy = (y - height / 2) / (height / 4);
    const grain = next();
    return dx * dx + dy * dy < 1
      ? 90 + 70 * Math.sin(x / 3 + Math.sin(y / 4) * 2) * grain
      : 150 + 40 * Math.sin(x / 70) * Math.cos(y / 55) + 6 * (grain - 0.5);
  });
  // A faint warm cast, as a photo has.
  for (let o = 0; o < image.data.length; o += 4) {
    image.data[o] = Math.min(255, image.data[o] + 4);
    image.data[o + 2] = Math.max(0, image.data[o + 2] - 4);
  }
  return image;
}

/** Gray shaded balls on a black ground with a camera's noise. */
function shadedOnBlack(width: number, height: number): RasterImage {
  const next = random(5);
  const balls = [
    [0.25, 0.4, 0.22],
    [0.65, 0.45, 0.28],
    [0.45, 0.78, 0.15],
  ];
  return gray(width, height, (x, y) => {
    let v = 8 + 6 * next();
    for (const [bx, by, r] of balls) {
      const d = Math.hypot(x / width - bx, (y / height - by) * (height / width)) / r;
      if (d < 1) v = 230 * (1 - d * d) + 30 + 4 * next();
    }
    return v;
  });
}

describe('the reading checks its own result', () => {
  it('still reads a page with text in a shadow as a page', () => {
    const page = marks(480, 320, (_, y) => 235 - (130 * y) / 320);
    expect(trace(page).reading.kind).toBe('page');
    expect(trace(page, { mode: 'bw' }).reading.kind).toBe('page');
  });

  it('does not read a low-chroma photo as a page, in the automatic mode or in black and white', () => {
    const photo = softPhoto(400, 300);
    expect(inkMap(photo).document).toBe(false);
    const model = trace(photo);
    expect(model.reading.mode).toBe('color');
    expect(lostShare(photo, model)).toBeLessThan(0.3);
    expect(trace(photo, { mode: 'bw' }).reading.kind).toBe('ink');
  });

  it('does not read shaded art with marks on it as a page', () => {
    const art = marks(320, 240, (x, y) => 128 + 100 * Math.sin(x / 25) * Math.cos(y / 30), 0.3);
    expect(inkMap(art).document).toBe(false);
    expect(trace(art).reading.mode).toBe('color');
  });

  it('keeps a black ground black and gray shading gray', () => {
    const art = shadedOnBlack(400, 300);
    const model = trace(art);
    expect(model.reading.kind).not.toBe('page');
    expect(lostShare(art, model)).toBeLessThan(0.3);
    // In black and white the ground is ink, cut as potrace cuts it, not paper wiped white.
    const bw = trace(art, { mode: 'bw' });
    expect(bw.reading.kind).toBe('ink');
    const render = renderSvg(toSvg(bw), 400);
    const corners = [
      pixelAt(render, 5, 5),
      pixelAt(render, 394, 5),
      pixelAt(render, 5, 294),
      pixelAt(render, 394, 294),
    ];
    expect(corners).toEqual(corners.map(() => [0, 0, 0]));
  });

  it('takes black and white only where it keeps the picture', () => {
    const logo = rasterOf(
      '<circle cx="100" cy="100" r="70"/><rect x="20" y="20" width="40" height="40"/>',
      200,
    );
    expect(bwKeepsPicture(logo, inkMap(logo), 0)).toBe(true);
    // Smooth shading from black to white: a cut keeps half of it at best.
    const shading = gray(200, 200, (x, y) => (255 * (x + y)) / 400);
    expect(bwKeepsPicture(shading, inkMap(shading), 0)).toBe(false);
  });

  it('never offers a result that lost most of the picture', () => {
    const pictures = {
      logo: rasterOf(
        '<path d="M20 160 L100 30 L180 160 Z"/><circle cx="100" cy="115" r="25" fill="#fff"/>',
        200,
      ),
      'cartoon on black': rasterOf(
        '<rect width="240" height="200"/><circle cx="120" cy="95" r="60" fill="#f4c28a" stroke="#222" stroke-width="4"/><circle cx="100" cy="85" r="9" fill="#fff"/><circle cx="140" cy="85" r="9" fill="#fff"/><path d="M95 120 Q120 140 145 120" stroke="#a33" stroke-width="5" fill="none"/>',
        240,
      ),
      'gray dialog': rasterOf(
        '<rect width="240" height="240" fill="#c8c8c8"/><rect width="240" height="28" fill="#9a9a9a"/><text x="10" y="19" font-size="13">Preferences</text><text x="12" y="70" font-size="11">Save files to</text><rect x="12" y="80" width="216" height="24" fill="#eee" stroke="#777"/><rect x="150" y="200" width="76" height="26" fill="#5a5a5a"/>',
        240,
      ),
      'soft photo': softPhoto(300, 220),
      'shaded on black': shadedOnBlack(300, 220),
    };
    for (const [name, picture] of Object.entries(pictures)) {
      const model = trace(picture);
      expect(lostShare(picture, model), `${name}, read as ${model.reading.kind}`).toBeLessThan(0.3);
    }
  });
});
