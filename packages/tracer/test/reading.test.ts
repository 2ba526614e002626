import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../src/decode.js';
import { type RasterImage, toSvg, trace } from '../src/index.js';
import { readLuminance } from '../src/ink/luminance.js';
import { findSurface, onSurface } from '../src/ink/surface.js';
import { looksLikePixelArt } from '../src/pixel/pixel-art.js';
import { lostShare } from './helpers/lost.js';
import { rasterOf } from './helpers/raster.js';
import { alphaAt, renderSvg } from './helpers/render.js';
import { seeded } from './helpers/sprites.js';

/** Renders markup on transparency (straight, not premultiplied, alpha), as a PNG with alpha decodes. */
function onTransparency(body: string, size: number): RasterImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${body}</svg>`;
  const { width, height, data } = renderSvg(svg, size, null);
  for (let o = 0; o < data.length; o += 4) {
    const a = data[o + 3];
    if (a > 0 && a < 255)
      for (let c = 0; c < 3; c++) data[o + c] = Math.min(255, Math.round((data[o + c] * 255) / a));
  }
  return { width, height, data };
}

/** A sprite of `cells` x `cells` cells, each `cell` px, of a few colors and clear cells, seeded. */
function sprite(cells: number, cell: number, seed = 7): RasterImage {
  const palette = [
    [0, 0, 0, 0],
    [34, 32, 52, 255],
    [217, 87, 99, 255],
    [106, 190, 48, 255],
    [91, 110, 225, 255],
    [251, 242, 54, 255],
  ];
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const size = cells * cell;
  const data = new Uint8Array(size * size * 4);
  for (let cy = 0; cy < cells; cy++) {
    for (let cx = 0; cx < cells; cx++) {
      const rgba = palette[Math.floor(random() * palette.length)] as number[];
      for (let y = cy * cell; y < (cy + 1) * cell; y++) {
        for (let x = cx * cell; x < (cx + 1) * cell; x++) data.set(rgba, (y * size + x) * 4);
      }
    }
  }
  return { width: size, height: size, data };
}

/**
 * A photographed page: text-like marks on grainy paper that darkens into a shadow towards the
 * bottom; `flat`, the same drawn as a screen draws it, with no grain and a flat upper half.
 */
function page(
  width: number,
  height: number,
  { flat = false, grainy = !flat }: { flat?: boolean; grainy?: boolean } = {},
): RasterImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const paper = flat && y < height / 2 ? 235 : Math.round(235 - (130 * y) / height);
    const grain = grainy ? (x: number) => ((x * 7 + y * 13) % 9) - 4 : () => 0;
    for (let x = 0; x < width; x++) {
      const line = y % 16 >= 4 && y % 16 < 12 && y > 8 && y < height - 8;
      const word = x > 8 && x < width - 8 && x % 48 < 40;
      const stroke = (x % 6 < 2 || y % 16 === 4 || y % 16 === 11) && x % 6 !== 5;
      const v = line && word && stroke ? Math.round(paper * 0.25) : paper + grain(x);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/**
 * A photographed page of small print on gray, grainy paper (its grain random, so that no blur
 * smooths it flat): lines of words every 32 rows, each word four letters "o" (rings 8 px wide and
 * 10 high, their strokes 2 px) in 11 px cells.
 */
function smallPrint(width: number, height: number): RasterImage {
  const data = new Uint8Array(width * height * 4);
  const random = seeded(7);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const paper = 175 + Math.floor(random() * 31);
      const row = y % 32;
      const cell = x % 11;
      const line = row >= 8 && row < 18 && y < height - 8 && x > 12 && x < width - 12 && x % 88 < 44;
      const ring = cell < 8 && (cell < 2 || cell >= 6 || row < 10 || row >= 16);
      const v = line && ring ? 90 : paper;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

/** The picture blurred along its rows over `length` pixels, as a camera moved sideways blurs it. */
function motionBlurred(image: RasterImage, length: number): RasterImage {
  const { width, height, data } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = Math.max(0, x - (length >> 1));
      const to = Math.min(width, from + length);
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let k = from; k < to; k++) sum += data[(y * width + k) * 4 + c];
        out[(y * width + x) * 4 + c] = Math.round(sum / (to - from));
      }
    }
  }
  return { width, height, data: out };
}

/**
 * A page photographed on a wooden table: the page of `page` (inset by `margin` on every side, a
 * few degrees off square) on dark wood with light grain, as phones photograph letters and receipts.
 */
function pageOnTable(width: number, height: number, margin: number): RasterImage {
  const inner = page(width - 2 * margin, height - 2 * margin);
  const data = new Uint8Array(width * height * 4);
  const tilt = 0.04;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The page, turned by `tilt` radians about the picture's center.
      const dx = x - width / 2;
      const dy = y - height / 2;
      const px = Math.round(dx + dy * tilt + inner.width / 2);
      const py = Math.round(dy - dx * tilt + inner.height / 2);
      const i = (y * width + x) * 4;
      if (px >= 0 && py >= 0 && px < inner.width && py < inner.height) {
        data.set(inner.data.subarray((py * inner.width + px) * 4, (py * inner.width + px) * 4 + 4), i);
      } else {
        const grain = Math.round(30 * Math.sin(y * 0.9 + Math.sin(x * 0.05) * 4) + ((x * 31 + y * 17) % 11));
        data.set([62 + grain, 50 + grain, 42 + grain, 255], i);
      }
    }
  }
  return { width, height, data };
}

describe('the automatic mode', () => {
  it('is the default, and the result says how the image was read', () => {
    const logo = rasterOf('<circle cx="100" cy="100" r="70"/>', 200);
    expect(trace(logo).reading).toEqual({ mode: 'bw', kind: 'ink' });
    expect(trace(logo, { mode: 'color' }).reading).toEqual({ mode: 'color', kind: 'color' });
  });

  it("keeps a logo's flat near-black ink in its own color; mottled ink, and black and white, stay black", () => {
    const logo = onTransparency(
      '<path d="M40 20 L90 20 L160 180 L120 180 L65 60 L30 180 L10 180 Z" fill="#231f20"/>',
      200,
    );
    const model = trace(logo);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'ink' });
    expect(model.layers.map(({ color }) => color)).toEqual([{ r: 35, g: 31, b: 32 }]);
    expect(lostShare(logo, model)).toBeLessThan(0.005);
    expect(trace(logo, { mode: 'bw' }).layers.map(({ color }) => color)).toEqual([{ r: 0, g: 0, b: 0 }]);
    // A scan's ink varies from pixel to pixel: no one color of it is the ink's.
    const scan = rasterOf('<circle cx="100" cy="100" r="70"/>', 200);
    for (let o = 0; o < scan.data.length; o += 4) {
      if (scan.data[o] < 128) scan.data.fill(10 + ((o * 7919) % 97), o, o + 3);
    }
    expect(trace(scan).layers.map(({ color }) => color)).toEqual([{ r: 0, g: 0, b: 0 }]);
  });

  it('keeps line art drawn in translucent black as translucent as it was, not solid black', () => {
    // Black at 90 %: on white a very dark gray that solid black is too far from.
    const strokes = onTransparency(
      '<path d="M20 30 C80 10 120 190 180 170 M30 160 L170 40" fill="none" stroke="#000" stroke-width="8" stroke-opacity="0.9"/>',
      200,
    );
    const model = trace(strokes);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'ink' });
    expect(model.layers.map(({ opacity }) => opacity)).toEqual([230 / 255]);
    expect(lostShare(strokes, model)).toBeLessThan(0.01);
  });

  it("reads gray line art (a grid of gray and darker rules, as log paper's) in gray tones, black line art in black and white", () => {
    const rules = (minor: string, major: string) =>
      Array.from({ length: 9 }, (_, i) => {
        const at = 20 + 20 * i + 0.5;
        return `<path d="M${at} 10V190M10 ${at}H190" stroke="${i % 4 === 0 ? major : minor}" stroke-width="1"/>`;
      }).join('');
    const grid = rasterOf(rules('#999', '#444'), 200);
    const model = trace(grid);
    expect(model.reading).toEqual({ mode: 'color', kind: 'shades' });
    expect(lostShare(grid, model)).toBeLessThan(0.01);
    // In black and white its gray rules go: a loss of a picture that is all rules.
    expect(lostShare(grid, trace(grid, { mode: 'bw' }))).toBeGreaterThan(0.1);
    expect(trace(rasterOf(rules('#000', '#000'), 200)).reading).toEqual({ mode: 'bw', kind: 'ink' });
  });

  it('keeps the light gray fill of outlined art on transparency (a shirt): black and white would cut a hole through it', () => {
    const shirt = onTransparency(
      '<path d="M40 30h80l30 30-20 20v90H30V80L10 60z" fill="#dcdcdc" stroke="#000" stroke-width="4"/><path d="M80 40v130M60 100h40" stroke="#000" stroke-width="2"/>',
      160,
    );
    const inFill = (model: ReturnType<typeof trace>) => {
      const render = renderSvg(toSvg(model), 160, null);
      return { alpha: alphaAt(render, 50, 120), gray: render.data[(120 * 160 + 50) * 4] };
    };
    const model = trace(shirt);
    expect(model.reading).toEqual({ mode: 'color', kind: 'shades' });
    const fill = inFill(model);
    expect(fill.alpha).toBe(255);
    expect(Math.abs(fill.gray - 0xdc)).toBeLessThan(8);
    // Black and white takes the gray for paper, and paper on transparency is clear.
    expect(inFill(trace(shirt, { mode: 'bw' })).alpha).toBe(0);
  });

  it('falls back to black and white when gray lines read as tones come out as nothing in color', async () => {
    // Black lines 2 px wide every 8 px, decoded at a third of their size (as the API's test jobs
    // are): gray columns finer than color's regions, which flattens them into its background.
    const side = 768;
    const data = Buffer.alloc(side * side * 4, 255);
    for (let y = 101; y < 668; y++)
      for (let x = 0; x < side; x += 8) data.fill(0, (y * side + x) * 4, (y * side + x + 2) * 4 - 1);
    for (let o = 3; o < data.length; o += 4) data[o] = 255;
    const png = await sharp(data, { raw: { width: side, height: side, channels: 4 } })
      .png()
      .toBuffer();
    const stripes = await decodeImage(png, { maxSide: 256 });
    expect(trace(stripes, { mode: 'color' }).layers).toEqual([]);
    const model = trace(stripes);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'ink' });
    expect(model.layers.length).toBeGreaterThan(0);
  });

  it('reads a color logo on transparency in color, keeping its yellow', () => {
    const logo = onTransparency(
      '<circle cx="100" cy="100" r="80" fill="#f5c400"/><rect x="60" y="85" width="80" height="30" fill="#222"/>',
      200,
    );
    const model = trace(logo);
    expect(model.reading).toEqual({ mode: 'color', kind: 'color' });
    const yellow = model.layers.find(({ color }) => color.r > 200 && color.g > 150 && color.b < 80);
    expect(yellow, JSON.stringify(model.layers.map((l) => l.color))).toBeDefined();
  });

  it('reads a thin colored stroke on a black drawing as color', () => {
    const drawing = rasterOf(
      '<rect x="20" y="20" width="160" height="160" fill="none" stroke="#000" stroke-width="6"/><line x1="30" y1="100" x2="170" y2="100" stroke="#e02020" stroke-width="3"/>',
      200,
    );
    expect(trace(drawing).reading.mode).toBe('color');
  });

  it('reads stars and a small colored galaxy on black as color, keeping the galaxy yellow', () => {
    let stars = '';
    for (let i = 0; i < 30; i++)
      stars += `<circle cx="${((i * 67) % 190) + 5}" cy="${((i * 41) % 190) + 5}" r="1.5" fill="#fff"/>`;
    const sky = rasterOf(
      `<rect width="200" height="200" fill="#000"/>${stars}<ellipse cx="120" cy="90" rx="9" ry="3" fill="#e0c040"/>`,
      200,
    );
    const model = trace(sky);
    // The galaxy is under 0.3 % of the picture, a quarter of what is drawn on the black.
    expect(model.reading).toEqual({ mode: 'color', kind: 'color' });
    const yellow = model.layers.find(({ color }) => color.r > 180 && color.g > 150 && color.b < 110);
    expect(yellow, JSON.stringify(model.layers.map((l) => l.color))).toBeDefined();
  });

  it('reads a photographed page as a page, and its text comes out black', () => {
    const model = trace(page(480, 320));
    expect(model.reading).toEqual({ mode: 'bw', kind: 'page' });
    expect(model.vectorCount).toBeGreaterThan(50);
  });

  it('reads a page photographed with a shake as a page: its blurred text, fainter than print, is kept', () => {
    const photo = motionBlurred(smallPrint(480, 320), 13);
    const model = trace(photo);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'page' });
    expect(model.vectorCount).toBeGreaterThan(50);
  });

  it('reads a photo of a page on a wooden table as a page: its text is kept, the table comes out white', () => {
    const margin = 60;
    const photo = pageOnTable(600, 440, margin);
    const model = trace(photo);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'page' });
    expect(model.vectorCount).toBeGreaterThan(50);
    // Every outline lies on the page (a tilted page reaches a few pixels past its inset box).
    const reach = margin - 18;
    const outside = model.layers
      .flatMap((layer) => layer.subpaths)
      .filter(({ start: { x, y } }) => x < reach || y < reach || x > 600 - reach || y > 440 - reach);
    expect(outside.map(({ start }) => start)).toEqual([]);
  });

  it('finds only a surface around the page: a masthead along one edge is not one, a glare on the table is', () => {
    const surfaceOf = (image: RasterImage) => {
      const surface = findSurface(readLuminance(image).lum, image.width, image.height);
      return surface && ((i: number) => onSurface(surface, i));
    };
    // A black band over the top 64 rows of a scan, edge to edge: the page's own.
    const scan = page(480, 320);
    for (let i = 0; i < 480 * 64; i++) scan.data.set([20, 20, 20, 255], i * 4);
    expect(surfaceOf(scan)).toBeUndefined();
    // The same page on a table: the table is the surface, the page is not.
    const table = surfaceOf(pageOnTable(600, 440, 60));
    expect(table?.(5 * 600 + 5)).toBe(true);
    expect(table?.(220 * 600 + 300)).toBe(false);
    // A lamp's glare on the table, joined to the page's top edge by a narrow streak: still the table.
    const glare = pageOnTable(600, 440, 60);
    const light = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) glare.data.set([200, 196, 190, 255], (y * 600 + x) * 4);
    };
    light(200, 0, 400, 40);
    light(290, 40, 310, 70);
    const lit = surfaceOf(glare);
    expect(lit?.(20 * 600 + 300)).toBe(true);
    expect(lit?.(220 * 600 + 300)).toBe(false);
  });

  it('reads a page photographed close, a thin dark margin along two sides, with no frame and its text kept', () => {
    // The page fills the picture but for 30 dark rows at the top and 44 dark columns at the left.
    const photo = page(640, 480);
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        if (y < 30 || x < 44) photo.data.set([18, 16, 20, 255], (y * 640 + x) * 4);
      }
    }
    const model = trace(photo);
    expect(model.reading).toEqual({ mode: 'bw', kind: 'page' });
    const starts = model.layers.flatMap((layer) => layer.subpaths).map(({ start }) => start);
    // No outline along the margin or the page's edge beside it.
    expect(starts.filter(({ x, y }) => x < 44 || y < 30)).toEqual([]);
    // The first line of text, 6 px below the page's edge, is kept whole: as many outlines as lower down.
    const words = (y0: number, y1: number) => starts.filter(({ y }) => y >= y0 && y < y1).length;
    expect(words(32, 46)).toBeGreaterThan(0);
    expect(words(32, 46)).toBeGreaterThanOrEqual(words(128, 142) - 2);
  });

  it('finds a thin dark margin beside a page lit unevenly, and keeps the text in its shade', () => {
    // A lamp on the left: past x = 200 the paper and its ink fall into shade, down to 45% of their
    // light; a dark margin of 30 rows at the top and 44 columns at the left.
    const photo = page(640, 480);
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        const i = (y * 640 + x) * 4;
        const light = Math.max(0.45, 1 - Math.max(0, x - 200) / 300);
        const v = y < 30 || x < 44 ? 18 : Math.round(photo.data[i] * light);
        photo.data.set([v, v, v, 255], i);
      }
    }
    const surface = findSurface(readLuminance(photo).lum, 640, 480);
    expect(surface && onSurface(surface, 10 * 640 + 320)).toBe(true);
    expect(surface && onSurface(surface, 240 * 640 + 600)).toBe(false);
    const starts = trace(photo)
      .layers.flatMap((layer) => layer.subpaths)
      .map(({ start }) => start);
    expect(starts.filter(({ x, y }) => x < 44 || y < 30)).toEqual([]);
    // The words of the first line, lit and shaded alike.
    const words = (x0: number, x1: number) =>
      starts.filter(({ x, y }) => y >= 32 && y < 46 && x >= x0 && x < x1).length;
    expect(words(48, 200)).toBeGreaterThan(0);
    expect(words(500, 640)).toBeGreaterThan(0);
  });

  it('reads an image as a page or as a picture when told to', () => {
    expect(trace(page(480, 320), { read: 'picture' }).reading.kind).not.toBe('page');
    expect(trace(page(480, 320), { mode: 'bw', read: 'picture' }).reading).toEqual({
      mode: 'bw',
      kind: 'ink',
    });
    const logo = rasterOf('<circle cx="100" cy="100" r="70"/>', 200);
    expect(trace(logo, { read: 'page' }).reading).toEqual({ mode: 'bw', kind: 'page' });
    expect(trace(logo, { mode: 'bw', read: 'page' }).reading).toEqual({ mode: 'bw', kind: 'page' });
    expect(() => trace(logo, { read: 'poster' as never })).toThrow(/read must be one of auto, picture, page/);
  });

  it('does not read an interface screenshot as a page', () => {
    const screenshot = rasterOf(
      '<rect width="400" height="300" fill="#f3f4f6"/><rect width="400" height="40" fill="#1f2937"/><rect x="20" y="60" width="160" height="220" fill="#fff" stroke="#d1d5db"/><rect x="200" y="60" width="180" height="36" rx="6" fill="#2563eb"/><rect x="40" y="80" width="120" height="8" fill="#374151"/><rect x="40" y="100" width="90" height="8" fill="#6b7280"/>',
      400,
    );
    expect(trace(screenshot).reading.kind).not.toBe('page');
  });

  it('does not read a desktop screenshot as a page on a table: its one white window is drawn flat, in either mode', () => {
    // A white window of text, an eighth of the picture, on a dark wallpaper with grain: the window's
    // white is one exact color, where photographed paper has grain.
    const [width, height, wx, wy, ww, wh] = [600, 440, 190, 140, 220, 160];
    const shot = { width, height, data: new Uint8Array(width * height * 4) };
    let seed = 9;
    const grain = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor((seed / 2147483648) * 13) - 6;
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const [u, v] = [x - wx, y - wy];
        const inWindow = u >= 0 && u < ww && v >= 0 && v < wh;
        const text =
          v > 12 && v < wh - 10 && v % 14 >= 4 && v % 14 < 11 && u > 10 && u < ww - 10 && u % 40 < 33;
        const ground = 20 + (30 * y) / height;
        const rgb = inWindow
          ? text && (u % 5 < 2 || v % 14 === 4)
            ? [40, 40, 48]
            : [255, 255, 255]
          : [ground + grain(), ground + 8 + grain(), ground + 30 + grain()];
        shot.data.set([...rgb.map((c) => Math.max(0, Math.round(c))), 255], (y * width + x) * 4);
      }
    }
    const model = trace(shot);
    expect(model.reading.kind).not.toBe('page');
    expect(lostShare(shot, model)).toBeLessThan(0.01);
    // In black and white the wallpaper is dark, so ink: cut as potrace cuts it, not wiped as a table.
    const bw = trace(shot, { mode: 'bw' });
    expect(bw.reading).toEqual({ mode: 'bw', kind: 'ink' });
    const drawn = renderSvg(toSvg(bw), width);
    let inked = 0;
    for (let i = 0; i < width * height; i++) if (drawn.data[i * drawn.channels] < 128) inked++;
    expect(inked / (width * height)).toBeGreaterThan(0.8);
  });

  it('does not read a screenshot of text on shaded panels as a page: it is drawn flat, a photo of paper is grainy', () => {
    // The photographed page's text and shadow, drawn as a screen draws them: no grain, a flat
    // panel over the upper half and a shaded one below.
    const photo = page(480, 320);
    const screen = page(480, 320, { flat: true });
    expect(trace(photo).reading.kind).toBe('page');
    expect(trace(screen).reading.kind).not.toBe('page');
    // Told it is a page, it is one.
    expect(trace(screen, { read: 'page' }).reading.kind).toBe('page');
  });

  it('does not read a screenshot of text on a panel shaded top to bottom as a page: its rows are flat', () => {
    // No one color covers much of it (every row is a shade of its own), yet a screen draws each
    // row flat where paper's grain breaks it up.
    const screen = page(480, 320, { grainy: false });
    const model = trace(screen);
    expect(model.reading.kind).not.toBe('page');
    expect(lostShare(screen, model)).toBeLessThan(0.02);
  });

  it('reads gray shading as steps of gray, in color mode', () => {
    const shaded = rasterOf(
      '<defs><radialGradient id="g"><stop offset="0" stop-color="#eee"/><stop offset="1" stop-color="#333"/></radialGradient></defs><rect width="200" height="200" fill="url(#g)"/>',
      200,
    );
    expect(trace(shaded).reading).toEqual({ mode: 'color', kind: 'shades' });
  });
});

describe('never an empty result', () => {
  const whiteArt = () => onTransparency('<circle cx="60" cy="60" r="40" fill="#fff"/>', 120);

  it('traces white art on transparency in its own white, in the automatic mode', () => {
    const model = trace(whiteArt());
    expect(model.reading).toEqual({ mode: 'color', kind: 'light-art' });
    expect(model.vectorCount).toBeGreaterThan(0);
    expect(model.layers.some(({ color }) => color.r > 240 && color.g > 240 && color.b > 240)).toBe(true);
  });

  it('traces white art on transparency from its alpha in black and white', () => {
    expect(trace(whiteArt(), { mode: 'bw' }).vectorCount).toBe(1);
  });

  it('keeps a pale gray ring on white, saved as a small JPEG, in its own gray: nothing in it is ink to paint black', async () => {
    const drawn = rasterOf(
      '<circle cx="48" cy="48" r="38" fill="none" stroke="#d4d4d4" stroke-width="3"/>',
      96,
    );
    const raw = { width: 96, height: 96, channels: 4 as const };
    const image = await decodeImage(
      await sharp(Buffer.from(drawn.data), { raw }).jpeg({ quality: 65 }).toBuffer(),
    );
    const model = trace(image);
    expect(model.reading).toEqual({ mode: 'color', kind: 'light-art' });
    expect(model.layers.every(({ color }) => color.r > 160)).toBe(true);
    expect(lostShare(image, model)).toBeLessThan(0.01);
  });

  it('falls back to color when light art on a light ground has no ink', () => {
    const model = trace(rasterOf('<rect x="40" y="40" width="120" height="120" fill="#e8e8e8"/>', 200));
    expect(model.reading.kind).toBe('light-art');
    expect(model.vectorCount).toBeGreaterThan(0);
  });
});

describe('pixel art', () => {
  it('reads sprites and their enlargements as pixel art, and anti-aliased art as not', () => {
    expect(looksLikePixelArt(sprite(16, 1))).toBe(true);
    expect(looksLikePixelArt(sprite(24, 4))).toBe(true);
    expect(trace(sprite(32, 3)).reading).toEqual({ mode: 'pixel', kind: 'pixel-art' });
    expect(looksLikePixelArt(rasterOf('<circle cx="20" cy="20" r="14"/>', 40))).toBe(false);
    expect(looksLikePixelArt(rasterOf('<rect x="16" y="16" width="32" height="32"/>', 64))).toBe(false);
  });

  it('gives every pixel back exactly at 1x, transparent ones transparent, one outline per area', () => {
    for (const image of [sprite(16, 1), sprite(20, 3, 11)]) {
      const model = trace(image, { mode: 'pixel' });
      const drawn = renderSvg(toSvg(model), image.width, null).data;
      let error = 0;
      for (let i = 0; i < drawn.length; i++)
        error += Math.abs((drawn[i] as number) - (image.data[i] as number));
      expect(error / drawn.length).toBeLessThanOrEqual(0.5);
      expect(model.layers).toHaveLength(5);
      for (const layer of model.layers) {
        for (const outline of layer.subpaths)
          expect(outline.segments.every((s) => s.kind === 'line')).toBe(true);
      }
    }
  });
});

describe('fine text and thin strokes', () => {
  /** The ink areas (8-connected) of a render, each as its size and the box it lies in. */
  function inkAreas(svg: string, width: number) {
    const { height, data } = renderSvg(svg, width);
    const dark = (p: number) => data[p * 4] + data[p * 4 + 1] + data[p * 4 + 2] < 3 * 160;
    const seen = new Uint8Array(width * height);
    const areas: { size: number; left: number; top: number }[] = [];
    for (let seed = 0; seed < width * height; seed++) {
      if (seen[seed] || !dark(seed)) continue;
      const area = { size: 0, left: width, top: height };
      const stack = [seed];
      seen[seed] = 1;
      while (stack.length > 0) {
        const p = stack.pop() as number;
        const x = p % width;
        area.size++;
        area.left = Math.min(area.left, x);
        area.top = Math.min(area.top, (p - x) / width);
        for (const dy of [-width, 0, width]) {
          for (const dx of [-1, 0, 1]) {
            const q = p + dy + dx;
            if (q < 0 || q >= width * height || Math.abs((q % width) - x) > 1 || seen[q] || !dark(q))
              continue;
            seen[q] = 1;
            stack.push(q);
          }
        }
      }
      areas.push(area);
    }
    return areas;
  }

  it('keeps one-pixel strokes (a text cursor, rules, hatching) whole at their own size', () => {
    // Black lines one pixel wide, on the pixel grid: the outline of each is a rectangle one pixel
    // thin, which a fit at the image's own size pinches to a sliver that renders pale.
    const lines = [
      ...[10, 14, 18, 22, 26, 30, 34, 38].map((x) => ({ x1: x, y1: 10, x2: x, y2: 26 })),
      ...[40, 44, 48].map((y) => ({ x1: 10, y1: y, x2: 110, y2: y })),
    ];
    const body = lines
      .map((l) => `<line x1="${l.x1 + 0.5}" y1="${l.y1}" x2="${l.x2 + 0.5}" y2="${l.y2}" stroke="#000"/>`)
      .join('')
      .replace(/x1="(\d+)\.5" y1="(4\d)" x2="(\d+)\.5" y2="4\d"/g, 'x1="$1" y1="$2.5" x2="$3" y2="$2.5"');
    const { data } = renderSvg(toSvg(trace(rasterOf(body, 120), { mode: 'bw' })), 120);
    const dark = (x: number, y: number) => data[(y * 120 + x) * 4] < 128;
    for (const l of lines) {
      let on = 0;
      let all = 0;
      // Along the line, its rounded ends aside.
      const vertical = l.x1 === l.x2;
      for (let y = vertical ? l.y1 + 1 : l.y1; y < (vertical ? l.y2 - 1 : l.y1 + 1); y++)
        for (let x = vertical ? l.x1 : l.x1 + 1; x < (vertical ? l.x1 + 1 : l.x2 - 1); x++, all++)
          if (dark(x, y)) on++;
      expect(on / all).toBeGreaterThanOrEqual(0.9);
    }
  });

  it("draws an interface's pale borders and one-pixel dots in black and white", () => {
    // A dialog as screens draw one: a light gray window in a one-pixel frame along the image's
    // edges, white fields with a one-pixel gray border (#b4b4b4: lighter than mid-gray, touching
    // no ink) stacked two pixels apart, black labels beside them, and a red colon of one-pixel
    // dots. A cut alone finds the labels only.
    const fields = [20, 44, 68].map((y) => ({ x: 60, y, w: 90, h: 22 }));
    const body = [
      '<rect x="0.5" y="0.5" width="159" height="99" fill="#ededed" stroke="#b4b4b4"/>',
      '<rect x="30" y="90" width="1" height="1" fill="#c00000"/><rect x="30" y="94" width="1" height="1" fill="#c00000"/>',
      ...fields.map(
        (f) =>
          `<rect x="${f.x + 0.5}" y="${f.y + 0.5}" width="${f.w - 1}" height="${f.h - 1}" fill="#fff" stroke="#b4b4b4"/>`,
      ),
      ...fields.map((f) => `<rect x="10" y="${f.y + 8}" width="40" height="6"/>`),
    ].join('');
    const svg = toSvg(trace(rasterOf(body, 160), { mode: 'bw' }));
    const areas = inkAreas(svg, 160);
    const frame = areas.find((a) => a.left === 0 && a.top === 0);
    expect(frame?.size ?? 0).toBeGreaterThanOrEqual(0.9 * 2 * (160 + 100));
    const { data } = renderSvg(svg, 160);
    for (const y of [90, 94]) expect(data[(y * 160 + 30) * 4]).toBeLessThan(128);
    for (const f of fields) {
      const ring = areas.find((a) => Math.abs(a.left - f.x) <= 1 && Math.abs(a.top - f.y) <= 1);
      // One closed ring of the field's perimeter.
      expect(ring?.size ?? 0).toBeGreaterThanOrEqual(0.9 * 2 * (f.w + f.h));
    }
  });

  it("leaves an icon's pale lines pale in black and white, though they touch its ink", () => {
    // A 32 px icon of a page: pale gray rules (#b4b4b4, lighter than mid-gray), the
    // last one running into a black pencil. In a picture this small they are drawn detail, not
    // small text to keep whole.
    const body = [
      '<rect x="4" y="2" width="22" height="28" fill="#fff"/>',
      ...[8, 13, 18, 23].map((y) => `<rect x="7" y="${y}" width="16" height="1" fill="#b4b4b4"/>`),
      '<path d="M22 4 L26 6 L16 25 L12 23 Z" fill="#000"/>',
    ].join('');
    const image = rasterOf(body, 32);
    const { data } = renderSvg(toSvg(trace(image, { mode: 'bw' })), 32);
    const dark = (x: number, y: number) => data[(y * 32 + x) * 4] < 128;
    for (const y of [8, 13, 18, 23]) expect([7, 8, 9, 10].filter((x) => dark(x, y))).toEqual([]);
    expect(dark(19, 14)).toBe(true);
  });

  it('keeps the slanted and round strokes of small gray letters whole and dark', () => {
    // Letters drawn as small gray text is (#757575, one pixel wide): a stem on the pixel grid with
    // a slanted arm (as in k or y) or a bowl (as in b), whose anti-aliased pixels a plain cut
    // leaves on the paper side, and whose stem it keeps thin and faint.
    const stem = (x: number, y: number) =>
      `<line x1="${x + 0.5}" y1="${y - 9}" x2="${x + 0.5}" y2="${y + 9}"/>`;
    const cells = [20, 35, 50, 4, 5, 6, 7].map((size, i) => {
      const x = 10 + (i % 4) * 36;
      if (i < 3) {
        const dx = 12 * Math.cos((size * Math.PI) / 180);
        const dy = 12 * Math.sin((size * Math.PI) / 180);
        return {
          x,
          y: 19,
          svg: `${stem(x, 28)}<line x1="${x + 0.5}" y1="28" x2="${x + 0.5 + dx}" y2="${28 - dy}"/>`,
        };
      }
      const svg = `${stem(x, 66)}<circle cx="${x + 0.5 + size}" cy="${75 - size}" r="${size}" fill="none"/>`;
      return { x, y: 57, svg };
    });
    // Black labels beside them set the picture's scale, as on a screen: black ink on white paper.
    const labels = '<rect x="8" y="96" width="144" height="12"/>';
    const image = rasterOf(
      `${labels}<g stroke="#757575" stroke-width="1">${cells.map((c) => c.svg).join('')}</g>`,
      160,
    );
    const areas = inkAreas(toSvg(trace(image, { mode: 'bw' })), 160);
    for (const cell of cells) {
      const own = areas
        .filter(
          (a) => a.left >= cell.x - 2 && a.left < cell.x + 30 && a.top >= cell.y - 4 && a.top < cell.y + 24,
        )
        .map((a) => a.size)
        .sort((a, b) => b - a);
      // One piece, as long as the letter's strokes (18 px of stem and an arm or a bowl).
      expect(own[0] ?? 0).toBeGreaterThanOrEqual(20);
      expect(own.slice(1).reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(own[0] * 0.1);
    }
  });
});
