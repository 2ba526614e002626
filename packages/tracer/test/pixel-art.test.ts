import { describe, expect, it } from 'vitest';
import { readSvg, toEps, toPdf, toSvg, trace } from '../src/index.js';
import type { RasterImage } from '../src/model.js';
import { looksLikePixelArt } from '../src/pixel/pixel-art.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { type Pixels, renderSvg } from './helpers/render.js';
import { flatLogo, gradient, photo, screenshot, smoothIcon, strokes } from './helpers/smooth-art.js';
import { enlarge, resample, sheet, sprite, tile } from './helpers/sprites.js';

/** A sign 24 px: a cream frame 2 px wide round a yellow field (more pixels than the frame) with a dark line. */
function framedSign(): RasterImage {
  const w = 24;
  const data = new Uint8Array(w * w * 4);
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      const frame = x < 2 || y < 2 || x >= w - 2 || y >= w - 2;
      const line = !frame && y === 12 && x > 5 && x < 18;
      data.set(
        frame ? [240, 230, 200, 255] : line ? [30, 30, 30, 255] : [250, 210, 30, 255],
        (y * w + x) * 4,
      );
    }
  }
  return { width: w, height: w, data };
}

/** Eight sprites of 24 px in a sheet, 3 clear pixels between them. */
const spriteSheet = () =>
  sheet(
    [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => sprite(24, { seed })),
    4,
    3,
  );

/**
 * How far a render (straight or premultiplied RGBA, as resvg gives it, or opaque RGB) is from the
 * input: the mean and the largest difference of a channel composited on white, and of alpha.
 */
function difference(input: RasterImage, drawn: Pixels, premultiplied = false) {
  let sum = 0;
  let most = 0;
  let alphaSum = 0;
  const n = input.width * input.height;
  for (let p = 0; p < n; p++) {
    const a = input.data[p * 4 + 3] as number;
    const o = p * drawn.channels;
    const drawnAlpha = drawn.channels === 4 ? (drawn.data[o + 3] as number) : 255;
    for (let c = 0; c < 3; c++) {
      const want = ((input.data[p * 4 + c] as number) * a + 255 * (255 - a)) / 255;
      const v = drawn.data[o + c] as number;
      // Premultiplied on clear: what shows on white is the color plus white where it lets through.
      const got = premultiplied ? v + 255 - drawnAlpha : v;
      sum += Math.abs(want - got);
      most = Math.max(most, Math.abs(want - got));
    }
    if (drawn.channels === 4) alphaSum += Math.abs(a - drawnAlpha);
  }
  return { mae: sum / (3 * n), most, alpha: alphaSum / n };
}

describe('reading pixel art', () => {
  it('reads sprites of 16 to 80 px, outlined, shaded and dithered, as pixel art', () => {
    for (const size of [16, 24, 40, 64, 80])
      expect(looksLikePixelArt(sprite(size, { seed: size }))).toBe(true);
  });

  it('reads sprites with a few blended pixels or a semi-transparent shadow as pixel art', () => {
    expect(looksLikePixelArt(sprite(40, { blends: 0.02 }))).toBe(true);
    expect(looksLikePixelArt(sprite(32, { blends: 0.05 }))).toBe(true);
    expect(looksLikePixelArt(sprite(32, { shadow: true }))).toBe(true);
    expect(looksLikePixelArt(sprite(64, { shadow: true, blends: 0.02 }))).toBe(true);
    expect(looksLikePixelArt(sprite(40, { ground: [200, 220, 255, 255] }))).toBe(true);
  });

  it('reads enlargements, sheets of sprites and tiles as pixel art', () => {
    expect(looksLikePixelArt(enlarge(sprite(32), 4))).toBe(true);
    expect(looksLikePixelArt(enlarge(sprite(48, { shadow: true }), 2))).toBe(true);
    expect(looksLikePixelArt(spriteSheet())).toBe(true);
    // 1x, 292 px wide: the clear gutters make each sprite its own.
    expect(
      looksLikePixelArt(
        sheet(
          [...Array(32).keys()].map((seed) => sprite(32, { seed })),
          8,
          4,
        ),
      ),
    ).toBe(true);
    // Enlarged sprites set 3 px apart: no grid runs through them all, but they are blocky.
    expect(
      looksLikePixelArt(
        sheet(
          [1, 2, 3, 4, 5, 6].map((seed) => enlarge(sprite(24, { seed }), 4)),
          3,
          3,
        ),
      ),
    ).toBe(true);
    expect(looksLikePixelArt(tile(16, 16))).toBe(true);
    expect(looksLikePixelArt(enlarge(tile(30, 20), 3))).toBe(true);
    // Cells of 2 and 3 px: an enlargement by 2.5.
    expect(looksLikePixelArt(resample(tile(36, 24), 90, 60))).toBe(true);
    expect(looksLikePixelArt(framedSign())).toBe(true);
  });

  it('reads an image of 32 px or less as its pixels, whatever its edges', () => {
    expect(looksLikePixelArt(photo(16))).toBe(true);
    expect(looksLikePixelArt(strokes(24))).toBe(true);
    expect(looksLikePixelArt(strokes(48))).toBe(false);
  });

  it('reads a strip of tiny frames (an animated texture) as its pixels, not a wider picture', () => {
    const frames = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => photo(16, seed));
    expect(looksLikePixelArt(sheet(frames, 1, 0))).toBe(true);
    expect(looksLikePixelArt(sheet(frames, 8, 0))).toBe(true);
    // 40 px frames are pictures: a photo is not its pixels.
    expect(looksLikePixelArt(sheet([photo(40, 1), photo(40, 2)], 1, 0))).toBe(false);
  });

  it('reads anti-aliased icons, logos, text, photos, gradients and screenshots as not pixel art', () => {
    expect(looksLikePixelArt(smoothIcon())).toBe(false);
    expect(looksLikePixelArt(flatLogo())).toBe(false);
    expect(looksLikePixelArt(photo(40))).toBe(false);
    expect(looksLikePixelArt(screenshot())).toBe(false);
    expect(looksLikePixelArt(strokes(48))).toBe(false);
    expect(looksLikePixelArt(gradient(64))).toBe(false);
  });

  it('traces what it reads as pixel art in pixel mode, even in draft', () => {
    expect(trace(sprite(24, { shadow: true })).reading).toEqual({ mode: 'pixel', kind: 'pixel-art' });
    expect(trace(enlarge(spriteSheet(), 4), { quality: 'draft' }).reading.mode).toBe('pixel');
    expect(trace(smoothIcon()).reading.mode).not.toBe('pixel');
  });
});

describe('pixel mode gives every pixel back', () => {
  const images: [string, RasterImage][] = [
    ['a framed sign (a hole of another color bigger than its outline)', framedSign()],
    ['a sprite with a semi-transparent shadow', sprite(32, { shadow: true })],
    ['a sprite with blended pixels', sprite(40, { blends: 0.02, seed: 9 })],
    ['a sheet of sprites', spriteSheet()],
    ['a tile in cells of 2 and 3 px', resample(tile(36, 24), 90, 60)],
  ];

  for (const [name, image] of images) {
    it(`in SVG with the nonzero rule, on white and on clear: ${name}`, () => {
      const model = trace(image);
      expect(model.reading.mode).toBe('pixel');
      const svg = toSvg(model);
      expect(svg).not.toContain('evenodd');
      const onWhite = difference(image, renderSvg(svg, image.width));
      expect(onWhite.mae).toBeLessThanOrEqual(1);
      expect(onWhite.most).toBeLessThanOrEqual(2);
      const onClear = difference(image, renderSvg(svg, image.width, null), true);
      expect(onClear.alpha).toBeLessThanOrEqual(1);
    });
  }

  it('in PDF (its fill is nonzero, opacity in a graphics state) and EPS (on white)', () => {
    for (const image of [framedSign(), sprite(32, { shadow: true })]) {
      const model = trace(image, { mode: 'pixel' });
      // Ghostscript, which renders pixel-aligned edges exactly (poppler anti-aliases the seams between
      // abutting squares).
      const pdf = rasterizePdf(toPdf(model), 72, 'gs');
      expect(pdf.messages).toBe('');
      expect(difference(image, pdf).mae).toBeLessThanOrEqual(1);
      expect(difference(image, rasterizeEps(toEps(model), 72)).mae).toBeLessThanOrEqual(1);
    }
  });

  it('keeps each layer opacity through an SVG read back', () => {
    const model = trace(sprite(32, { shadow: true }), { mode: 'pixel' });
    const shadow = model.layers.find((layer) => layer.opacity !== undefined);
    expect(shadow?.opacity).toBeCloseTo(96 / 255, 3);
    const back = readSvg(toSvg(model));
    expect(back.layers.map((layer) => layer.opacity)).toEqual(
      model.layers.map((layer) =>
        layer.opacity === undefined ? undefined : Number(layer.opacity.toFixed(3)),
      ),
    );
  });

  it('traces an enlargement a pixel a cell: the same outlines as its original, scaled', () => {
    const small = sprite(32, { shadow: true });
    const big = enlarge(small, 4);
    const a = trace(small, { mode: 'pixel' });
    const b = trace(big, { mode: 'pixel' });
    expect(b.vectorCount).toBe(a.vectorCount);
    const corners = (model: typeof a) =>
      model.layers.flatMap((layer) =>
        layer.subpaths.flatMap((s) => [s.start, ...s.segments.map((g) => g.to)]),
      );
    expect(corners(b)).toEqual(corners(a).map(({ x, y }) => ({ x: x * 4, y: y * 4 })));
    expect(difference(big, renderSvg(toSvg(b), big.width)).mae).toBeLessThanOrEqual(1);
  });

  it('refuses, with what to change, a picture of more pixels than one pixel-mode trace takes', () => {
    const [width, height] = [4100, 4000];
    const data = new Uint8Array(width * height * 4).fill(255);
    for (let y = 0; y < height; y++) data.fill((y * 7) % 256, y * width * 4, y * width * 4 + width * 4 - 1);
    expect(() => trace({ width, height, data }, { mode: 'pixel' })).toThrow(
      'Pixel mode draws every pixel as a square, and this image has 16.4 million of them, more than the 16 million one trace takes: choose another mode, or a smaller image',
    );
  });
});
