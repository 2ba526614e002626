import { describe, expect, it } from 'vitest';
import { buildHistogram } from '../src/color/histogram.js';
import { buildPalette } from '../src/color/palette.js';
import { readPixels } from '../src/color/pixels.js';
import { findRegions, joinInkPieces, mergeSpeckles } from '../src/color/regions.js';
import { findRuns } from '../src/color/runs.js';
import {
  type Color,
  describeReading,
  type RasterImage,
  type TraceSettings,
  toSvg,
  trace,
} from '../src/index.js';
import { lostShare } from './helpers/lost.js';
import { flat, rasterOf } from './helpers/raster.js';
import { alphaAt, nearColor, type Pixels, pixelAt, renderSvg } from './helpers/render.js';

/** The automatic palette of an image, as the color mode builds it (24 px make a color). */
function paletteOf(image: RasterImage, colors = 0) {
  const { color, clear } = readPixels(image);
  return buildPalette(buildHistogram(color, image.width, image.height, clear), colors, 24);
}

function colorTrace(image: RasterImage, settings: Partial<TraceSettings> = {}) {
  return trace(image, { mode: 'color', ...settings });
}

/** Mean absolute RGB channel difference between two renders of the same size. */
function meanError(a: Pixels, b: Pixels): number {
  let sum = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i * a.channels + c] - b.data[i * b.channels + c]);
  }
  return sum / (a.width * a.height * 3);
}

/** The traced image and its source drawing, both rendered at `renderAt` px, compared. */
function fidelity(body: string, size: number, renderAt = 512) {
  const model = colorTrace(rasterOf(body, size));
  const truth = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="#fff"/>${body}</svg>`;
  return { model, error: meanError(renderSvg(toSvg(model), renderAt), renderSvg(truth, renderAt)) };
}

function near(color: Color | undefined, [r, g, b]: [number, number, number], tolerance = 3): boolean {
  return color !== undefined && nearColor([color.r, color.g, color.b], { r, g, b }, tolerance);
}

/** A deterministic pseudo-random sequence in [0, 1), so that noisy test images never change. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const discOnSquare =
  '<rect x="16" y="16" width="96" height="96" fill="#2050c0"/><circle cx="64" cy="64" r="36" fill="#e02020"/>';

describe('reading pixels', () => {
  it('puts pixels on white and marks the transparent ones, also from bytes not on a word boundary', () => {
    const data = new Uint8Array(new ArrayBuffer(17), 1, 16);
    data.set([10, 20, 30, 255, 0, 0, 0, 0, 255, 0, 0, 128, 1, 2, 3, 255]);
    const packed = [0x0a141e, 0xffffff, 0xff7f7f, 0x010203];
    for (const bytes of [data, new Uint8ClampedArray(data)]) {
      const pixels = readPixels({ width: 2, height: 2, data: bytes });
      expect([...pixels.color]).toEqual(packed);
      expect([...(pixels.clear ?? [])]).toEqual([0, 1, 0, 0]);
      expect(pixels.transparent).toBe(1);
    }
  });

  it('reads a picture with no transparent pixel as opaque', () => {
    const pixels = readPixels(flat(2, 2, [10, 20, 30, 200]));
    expect(pixels.clear).toBeUndefined();
    expect(pixels.transparent).toBe(0);
  });
});

describe('color palette', () => {
  it('finds the two colors of a two-color image', () => {
    expect(paletteOf(rasterOf('<rect x="10" y="10" width="40" height="30" fill="#c03030"/>', 64)).size).toBe(
      2,
    );
  });

  it('finds one color in a flat image', () => {
    expect(paletteOf(flat(32, 32, [40, 120, 200, 255])).size).toBe(1);
  });

  it('takes no anti-aliased edge color of a red disc on blue on white for a color of its own', () => {
    expect(paletteOf(rasterOf(discOnSquare, 128)).size).toBe(3);
  });

  it('keeps a light color that lies between two others when it fills a region', () => {
    // Light blue is almost exactly a blend of blue and white, but it covers a large area.
    const body =
      '<rect x="8" y="8" width="60" height="112" fill="#50a5e6"/><rect x="68" y="8" width="52" height="112" fill="#a8d2f2"/>';
    expect(paletteOf(rasterOf(body, 128)).size).toBe(3);
  });

  it('keeps a white panel on a light gray window apart, with a shade between them at its edge', () => {
    // A screen: #ededed window, white panel, a 2 px #f6f6f6 bevel (near both), dark text.
    const body =
      '<rect width="160" height="160" fill="#ededed"/><rect x="18" y="18" width="124" height="124" fill="#f6f6f6"/><rect x="20" y="20" width="120" height="120" fill="#fff"/><rect x="40" y="60" width="80" height="6" fill="#222"/>';
    const model = colorTrace(rasterOf(body, 160));
    const colors = [model.background, ...model.layers.map((l) => l.color)];
    expect(colors.some((c) => near(c, [255, 255, 255]))).toBe(true);
    expect(colors.some((c) => near(c, [237, 237, 237]))).toBe(true);
  });

  it('gives a forced palette size when the image has that many colors or more', () => {
    const body = `${discOnSquare}<rect x="0" y="0" width="12" height="12" fill="#20a040"/>`;
    expect(paletteOf(rasterOf(body, 128), 2).size).toBe(2);
    expect(paletteOf(rasterOf(body, 128), 4).size).toBe(4);
  });

  it('never gives more colors than the image has', () => {
    expect(paletteOf(flat(16, 16, [200, 10, 10, 255]), 8).size).toBe(1);
  });

  it('keeps a color that fills a large area with texture, not flat', () => {
    // A blue robe hatched with darker blue lines every 3 px: no pixel of it has four neighbours
    // of its own color, yet it is a third of the picture.
    const image = flat(96, 96, [250, 250, 250, 255]);
    for (let y = 16; y < 80; y++) {
      for (let x = 24; x < 72; x++)
        image.data.set(x % 3 === 0 ? [20, 40, 120, 255] : [60, 90, 200, 255], (y * 96 + x) * 4);
    }
    const blues = Array.from({ length: paletteOf(image).size }, (_, c) =>
      paletteOf(image).lab.subarray(c * 3, c * 3 + 3),
    )
      // OKLab b < -0.1: clearly blue.
      .filter((lab) => lab[2] < -0.1);
    expect(blues.length).toBeGreaterThanOrEqual(1);
  });

  it('keeps a thin line of its own color, one pixel wide', () => {
    const image = flat(64, 64, [255, 255, 255, 255]);
    for (let x = 4; x < 60; x++) image.data.set([220, 30, 30, 255], (32 * 64 + x) * 4);
    expect(paletteOf(image).size).toBe(2);
  });

  it('takes no color from a few scattered pixels of noise', () => {
    const image = flat(64, 64, [255, 255, 255, 255]);
    const next = random(3);
    for (let i = 0; i < 12; i++) image.data.set([0, 200, 0, 255], Math.floor(next() * 64 * 64) * 4);
    expect(paletteOf(image).size).toBe(1);
  });
});

describe('speckle merging', () => {
  it('merges regions under the minimum size into the neighbour with the longest shared border', () => {
    // 6x4: label 0 on the left, 1 on the right, a single pixel of 2 inside the left part.
    const labels = Uint8Array.from([0, 0, 0, 1, 1, 1, 0, 2, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
    const map = mergeSpeckles(findRegions(findRuns(labels, 6, 4)), labels, 3);
    expect(map.count).toBe(2);
    expect(labels[7]).toBe(0);
  });

  it('merges a speckle group that is still too small as one', () => {
    // Two adjacent single pixels of labels 2 and 3 inside a field of 0.
    const labels = new Uint8Array(25);
    labels[12] = 2;
    labels[13] = 3;
    mergeSpeckles(findRegions(findRuns(labels, 5, 5)), labels, 4);
    expect([...labels].every((l) => l === 0)).toBe(true);
  });
});

describe('a thin line of two near shades', () => {
  // Labels 0 paper, 1 and 2 two near-blacks (0.11 apart, as #151515 and #020202), 3 a red, 4 and 5
  // dark grays 0.2 from them and each other (the neighbouring bands of a shading).
  const ink = (a: number, b: number) =>
    a === b ? 0 : a >= 4 || b >= 4 ? 0.2 : (a === 0) !== (b === 0) ? 1 : a + b === 3 ? 0.11 : 0.6;
  /** A 1 px line down a 24 px square's diagonal, its pixels alternating between labels 1 and 2 in pairs. */
  function diagonal(): Uint8Array {
    const labels = new Uint8Array(24 * 24);
    for (let i = 0; i < 24; i++) labels[i * 24 + i] = (i >> 1) % 2 === 0 ? 1 : 2;
    return labels;
  }

  it('keeps every pixel of the line, in one label, through the speckle merge', () => {
    const labels = diagonal();
    expect(joinInkPieces(findRegions(findRuns(labels, 24, 24)), labels, 6, ink)).toBe(true);
    mergeSpeckles(findRegions(findRuns(labels, 24, 24)), labels, 6, { distance: ink, bridge: true });
    const line = Array.from({ length: 24 }, (_, i) => labels[i * 24 + i]);
    expect(new Set(line).size).toBe(1);
    expect(line[0]).not.toBe(0);
  });

  it('leaves a shape’s rim in shades of it as it is', () => {
    // The same pieces along the edge of a solid block of label 1 below the diagonal.
    const labels = diagonal();
    for (let y = 0; y < 24; y++) for (let x = 0; x < y; x++) labels[y * 24 + x] = 1;
    const before = labels.slice();
    expect(joinInkPieces(findRegions(findRuns(labels, 24, 24)), labels, 6, ink)).toBe(false);
    expect(labels).toEqual(before);
  });

  it('does not join the bands of a shading, which lie between shades near their own', () => {
    // The same pieces between two dark grays, above and below the diagonal.
    const labels = diagonal();
    for (let y = 0; y < 24; y++) for (let x = 0; x < 24; x++) if (x !== y) labels[y * 24 + x] = x > y ? 4 : 5;
    const before = labels.slice();
    expect(joinInkPieces(findRegions(findRuns(labels, 24, 24)), labels, 6, ink)).toBe(false);
    expect(labels).toEqual(before);
  });

  it('does not join labels that are not one ink', () => {
    const labels = diagonal().map((l) => (l === 2 ? 3 : l));
    const before = labels.slice();
    expect(joinInkPieces(findRegions(findRuns(labels, 24, 24)), labels, 6, ink)).toBe(false);
    expect(labels).toEqual(before);
  });
});

describe('color tracing', () => {
  it('traces a flat image as its background alone', () => {
    const model = colorTrace(flat(32, 32, [40, 120, 200, 255]));
    expect(model.layers).toEqual([]);
    expect(model.background).toEqual({ r: 40, g: 120, b: 200 });
  });

  it('traces a two-color image as one layer over a white background', () => {
    const model = colorTrace(rasterOf('<rect x="10" y="10" width="40" height="30" fill="#c03030"/>', 64));
    expect(model.background).toEqual({ r: 255, g: 255, b: 255 });
    expect(model.layers).toHaveLength(1);
    expect(near(model.layers[0].color, [0xc0, 0x30, 0x30])).toBe(true);
    expect(model.vectorCount).toBe(1);
  });

  it('traces a red disc on a blue square with the two colors and edges true to the drawing', () => {
    const { model, error } = fidelity(discOnSquare, 128);
    expect(model.layers.map((l) => l.color)).toEqual([
      { r: 0x20, g: 0x50, b: 0xc0 },
      { r: 0xe0, g: 0x20, b: 0x20 },
    ]);
    expect(model.vectorCount).toBe(2);
    expect(error).toBeLessThan(1);
  });

  it('lets a layer run on under the layer above, so no background shows along their border', () => {
    const body =
      '<rect x="0" y="0" width="70" height="128" fill="#2050c0"/><rect x="70" y="0" width="58" height="128" fill="#e0a020"/>';
    const model = colorTrace(rasterOf(body, 128));
    const render = renderSvg(toSvg(model), 512);
    for (let y = 8; y < 504; y += 16) {
      for (let x = 270; x < 290; x++) expect(pixelAt(render, x, y).every((v) => v < 245)).toBe(true);
    }
  });

  it('traces a white eye inside a face as a white layer on top, not as holes', () => {
    const body =
      '<circle cx="64" cy="64" r="50" fill="#f0b020"/><circle cx="64" cy="50" r="14" fill="#fff"/>';
    const { model, error } = fidelity(body, 128);
    expect(model.layers.map((l) => l.subpaths.length)).toEqual([1, 1]);
    expect(near(model.layers[1].color, [255, 255, 255])).toBe(true);
    expect(error).toBeLessThan(1);
  });

  it('merges 1% single-pixel noise into the flat color around it', () => {
    const width = 128;
    const image = flat(width, width, [60, 140, 90, 255]);
    const next = random(7);
    for (let i = 0; i < (width * width) / 100; i++) {
      const o = Math.floor(next() * width * width) * 4;
      image.data.set([Math.floor(next() * 256), Math.floor(next() * 256), Math.floor(next() * 256)], o);
    }
    const model = colorTrace(image);
    expect(model.vectorCount).toBeLessThanOrEqual(2);
    expect(near(model.background, [60, 140, 90])).toBe(true);
  });

  it('keeps the dots of a stipple drawing, of two pixels and more, dark', () => {
    // Black dots of 2x1 and 2x2 pixels every 8 px on white paper: marks, not noise.
    const size = 128;
    const image = flat(size, size, [255, 255, 255, 255]);
    const dots: [number, number][] = [];
    for (let y = 4; y < size - 4; y += 8) {
      for (let x = 4; x < size - 4; x += 8) {
        dots.push([x, y]);
        for (const [dx, dy] of (x + y) % 16 === 0
          ? [
              [0, 0],
              [1, 0],
            ]
          : [
              [0, 0],
              [1, 0],
              [0, 1],
              [1, 1],
            ]) {
          image.data.set([0, 0, 0, 255], ((y + dy) * size + x + dx) * 4);
        }
      }
    }
    const render = renderSvg(toSvg(colorTrace(image)), size);
    const kept = dots.filter(([x, y]) => pixelAt(render, x, y)[0] < 128);
    expect(kept.length).toBe(dots.length);
  });

  it("keeps a small label's faint decimal point, though its layer is traced on the finer grid", () => {
    // A plot's tick label "0.5" in dark gray beside its axis rules: the point is six pixels of an
    // anti-aliased dot, two rows of 29 %, 88 % and 66 % ink under a faint row. The rules take the
    // finer grid, where the point covers fewer fine pixels than a speckle there (on a picture
    // 128 px or more across, where a region is 6 pixels): it was dropped.
    const width = 160;
    const height = 128;
    const image = flat(width, height, [255, 255, 255, 255]);
    const gray = (x: number, y: number, v: number) => image.data.set([v, v, v, 255], (y * width + x) * 4);
    for (let x = 10; x < 110; x++) for (const y of [10, 20, 30]) gray(x, y, 0x26);
    for (let y = 10; y <= 30; y++) gray(10, y, 0x26);
    const point = [
      [0xf4, 0xde, 0xe3],
      [0xc0, 0x40, 0x70],
      [0xc0, 0x40, 0x70],
    ];
    for (const [dy, row] of point.entries()) for (const [dx, v] of row.entries()) gray(59 + dx, 44 + dy, v);
    const render = renderSvg(toSvg(colorTrace(image)), width);
    expect(pixelAt(render, 60, 45)[0]).toBeLessThan(128);
  });

  it('keeps thin strokes of a color whole and in their color at their own size', () => {
    // A grid of one-pixel dark blue rules beside lighter gray shadows, and slanted blue strokes,
    // anti-aliased, as an emblem or a diagram draws them: at their own size their outlines are a
    // pixel thin, which a fit pinches and shifts.
    const size = 120;
    const rules = [20, 50, 80, 110]
      .map(
        (v) =>
          `<path d="M${v + 0.5} 10 V110 M10 ${v + 0.5} H110" stroke="#1a237e"/><path d="M${v + 1.5} 10 V110 M10 ${v + 1.5} H110" stroke="#d0d0d0"/>`,
      )
      .join('');
    const slants = '<path d="M12 70 L48 100 M60 15 L100 45" stroke="#1a237e" stroke-width="1.2"/>';
    const render = renderSvg(toSvg(colorTrace(rasterOf(rules + slants, size))), size);
    const truth = renderSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#fff"/>${rules}${slants}</svg>`,
      size,
    );
    // At their own size the rules shift and thin: 3.4 levels of error; on the finer grid, 0.8.
    expect(meanError(render, truth)).toBeLessThan(2);
  });

  it('traces a busy drawing faithfully and in few paths', () => {
    const body = [
      '<circle cx="128" cy="128" r="110" fill="#ffcc4d"/>',
      '<ellipse cx="90" cy="100" rx="14" ry="22" fill="#664500"/>',
      '<ellipse cx="166" cy="100" rx="14" ry="22" fill="#664500"/>',
      '<path d="M60 150 Q128 230 196 150 Q128 180 60 150z" fill="#664500"/>',
      '<path d="M30 60 L70 20 L90 40z" fill="#5dadec"/>',
    ].join('');
    const { model, error } = fidelity(body, 256, 768);
    expect(error).toBeLessThan(1.5);
    expect(model.vectorCount).toBeLessThanOrEqual(6);
  });

  it('smooths the grain of a noisy scan instead of tracing it', () => {
    const clean = rasterOf(discOnSquare, 128);
    const noisy = { ...clean, data: new Uint8Array(clean.data) };
    const next = random(11);
    for (let i = 0; i < noisy.data.length; i++) {
      if (i % 4 === 3) continue;
      // Gaussian grain, sigma 20 per channel (Box-Muller).
      const grain = 20 * Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
      noisy.data[i] = Math.max(0, Math.min(255, Math.round(noisy.data[i] + grain)));
    }
    const model = colorTrace(noisy);
    expect(model.layers.length).toBeLessThanOrEqual(4);
    expect(model.vectorCount).toBeLessThanOrEqual(12);
    const truth = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" fill="#fff"/>${discOnSquare}</svg>`;
    expect(meanError(renderSvg(toSvg(model), 256), renderSvg(truth, 256))).toBeLessThan(4);
  });

  it('smooths the grain of a noisy scan but keeps a stroke one pixel wide', () => {
    const size = 96;
    const image = flat(size, size, [235, 225, 200, 255]);
    const next = random(5);
    for (let i = 0; i < size * size; i++) {
      for (let c = 0; c < 3; c++) {
        const grain = 12 * Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
        image.data[i * 4 + c] = Math.max(0, Math.min(255, Math.round(image.data[i * 4 + c] + grain)));
      }
    }
    for (let x = 10; x < 86; x++) image.data.set([20, 20, 20], (48 * size + x) * 4);
    const model = colorTrace(image);
    expect(model.layers.map((l) => l.color)).toEqual([{ r: 20, g: 20, b: 20 }]);
    // A plain median erased it: the paper shows through all along the row.
    const render = renderSvg(toSvg(model), size);
    expect([25, 35, 45, 55, 65].every((x) => pixelAt(render, x, 48)[0] < 200)).toBe(true);
  });

  it("paints a mottled area in its pixels' mean colors, not in the farthest of them", () => {
    // Mottle spreads a color every way: nothing in it is a thin stroke's blends with the paper,
    // whose most covered pixels are its color (see the thin lines' tests).
    const size = 120;
    const image = flat(size, size, [255, 255, 255, 255]);
    const next = random(4);
    const inside = (i: number) => i % size >= 20 && i % size < 100 && i >= 20 * size && i < 100 * size;
    for (let i = 0; i < size * size; i++) {
      if (!inside(i)) continue;
      const shade = (next() - 0.5) * 60;
      for (const [c, v] of [120, 160, 90].entries()) image.data[i * 4 + c] = v + shade + (next() - 0.5) * 30;
    }
    const render = renderSvg(toSvg(colorTrace(image)), size);
    let error = 0;
    for (let i = 0; i < size * size; i++) {
      if (!inside(i)) continue;
      for (let c = 0; c < 3; c++) error += Math.abs(render.data[i * 4 + c] - image.data[i * 4 + c]);
    }
    // Its two colors painted in their far quarters, 12 levels apart each: 15.3.
    expect(error / (80 * 80 * 3)).toBeLessThan(13);
  });

  it('leaves transparent pixels transparent: no background, and nothing painted around the shape', () => {
    const image = flat(48, 48, [0, 0, 0, 0]);
    for (let y = 12; y < 36; y++)
      for (let x = 12; x < 36; x++) image.data.set([0, 160, 80, 255], (y * 48 + x) * 4);
    const model = colorTrace(image);
    expect(model.background).toBeUndefined();
    expect(model.layers.map((l) => l.color)).toEqual([{ r: 0, g: 160, b: 80 }]);
    const render = renderSvg(toSvg(model), 48, null);
    expect([alphaAt(render, 4, 4), alphaAt(render, 44, 24), alphaAt(render, 24, 24)]).toEqual([0, 0, 255]);
  });

  it("keeps a small card's rounded corners transparent, however few their clear pixels", () => {
    // A 40 x 48 blue card with anti-aliased corners rounded by 4 px, a white stripe across it:
    // each corner's few clear pixels lie beside pale blue rim pixels.
    const [w, h, r] = [40, 48, 4];
    const image = flat(w, h, [0, 0, 0, 0]);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const dx = Math.max(r - x - 0.5, x + 0.5 - (w - r), 0);
        const dy = Math.max(r - y - 0.5, y + 0.5 - (h - r), 0);
        const cover = Math.min(1, Math.max(0, r + 0.5 - Math.hypot(dx, dy)));
        const rgb = y >= 20 && y < 28 ? [255, 255, 255] : [30, 60, 200];
        image.data.set([...rgb, Math.round(255 * cover)], (y * w + x) * 4);
      }
    }
    const render = renderSvg(toSvg(colorTrace(image)), w, null);
    const corners = [
      alphaAt(render, 0, 0),
      alphaAt(render, w - 1, 0),
      alphaAt(render, 0, h - 1),
      alphaAt(render, w - 1, h - 1),
    ];
    expect(corners.every((a) => a < 128)).toBe(true);
    expect(alphaAt(render, 20, 4)).toBe(255);
  });

  it('keeps a transparent hole in a shape transparent, and a white shape on transparency white', () => {
    const image = flat(64, 64, [0, 0, 0, 0]);
    for (let y = 8; y < 56; y++) {
      for (let x = 8; x < 56; x++) {
        const hole = x >= 24 && x < 40 && y >= 24 && y < 40;
        if (!hole) image.data.set(x < 32 ? [200, 40, 40, 255] : [255, 255, 255, 255], (y * 64 + x) * 4);
      }
    }
    const render = renderSvg(toSvg(colorTrace(image)), 64, null);
    expect(alphaAt(render, 32, 32)).toBe(0);
    expect(alphaAt(render, 2, 2)).toBe(0);
    expect(alphaAt(render, 48, 48)).toBe(255);
    expect(nearColor(pixelAt(render, 48, 48), { r: 255, g: 255, b: 255 }, 2)).toBe(true);
  });

  it("keeps the thin stems of pale letters on transparency (a tagline's l, i and r)", () => {
    // A pale gray word on transparency: a bar, then six stems 2 px wide and 12 px tall, apart.
    const pale = [238, 238, 236, 255];
    const image = flat(200, 200, [0, 0, 0, 0]);
    const paint = (x0: number, y0: number, w: number, h: number) => {
      for (let y = y0; y < y0 + h; y++)
        for (let x = x0; x < x0 + w; x++) image.data.set(pale, (y * 200 + x) * 4);
    };
    paint(20, 40, 160, 30);
    const stems = [30, 50, 70, 90, 110, 130];
    for (const x of stems) paint(x, 120, 2, 12);
    const render = renderSvg(toSvg(colorTrace(image)), 200, null);
    expect(alphaAt(render, 100, 55)).toBe(255);
    for (const x of stems) expect(alphaAt(render, x + 1, 126), `stem at ${x}`).toBeGreaterThan(128);
  });
  it('keeps a shaded gray sprite among black and white ones, though its grays lie between them', () => {
    // A sheet of buttons on black: two green checks with white rims, and a third, disabled, in
    // mottled grays that lie on the line from black to white.
    const check = (k: number, color: string, rim: string) => {
      const path = `M${k * 40 + 6} 20 l8 10 l20 -22`;
      return `<path d="${path}" fill="none" stroke="${rim}" stroke-width="11"/><path d="${path}" fill="none" stroke="${color}" stroke-width="7"/>`;
    };
    const sheet = (body: string) =>
      renderSvg(
        `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40"/>${body}</svg>`,
        120,
      );
    const { width, height, data } = sheet(check(0, '#1c1', '#fff') + check(1, '#1c1', '#fff'));
    const gray = sheet(check(2, '#fff', '#888'));
    let seed = 7;
    for (let p = 0; p < width * height; p++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const cover = gray.data[p * 4] / 255;
      const level = cover * (110 + 50 * Math.sin(p / 9) + 40 * (seed / 2147483648 - 0.5));
      if (cover > 0) data.fill(Math.round(level), p * 4, p * 4 + 3);
    }
    const image = { width, height, data: Uint8Array.from(data) };
    const model = trace(image);
    expect(describeReading(model)).toMatch(/^Read as a color image/);
    expect(lostShare(image, model)).toBeLessThan(0.01);
  });

  it('keeps a soft color wheel on black in its hues, though they need more colors than a palette takes', () => {
    // Every hue around a white centre, darkening into black at the rim: hue and lightness vary.
    const side = 200;
    const data = new Uint8Array(side * side * 4);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const p = (y * side + x) * 4;
        data[p + 3] = 255;
        const r = Math.hypot(x + 0.5 - side / 2, y + 0.5 - side / 2) / (side / 2);
        const saturation = Math.min(1, 1.5 * r);
        const value = Math.max(0, Math.min(1, 2 * (1 - r)));
        const hue = ((Math.atan2(y - side / 2, x - side / 2) / Math.PI + 1) * 3) % 6;
        for (let c = 0; c < 3; c++) {
          const full = Math.max(0, Math.min(1, Math.abs(((hue + [0, 4, 2][c]) % 6) - 3) - 1));
          data[p + c] = Math.round(255 * value * (1 - saturation * (1 - full)));
        }
      }
    }
    const image = { width: side, height: side, data };
    const model = trace(image);
    expect(describeReading(model)).toMatch(/^Read as a color image/);
    expect(lostShare(image, model)).toBeLessThan(0.01);
  });

  it("keeps a blurred sprite's small parts in their colors, though each of their pixels is a blend", () => {
    // A soft 64 px footballer on transparency: the yellow boots, the dark blue socks, the face and
    // the hair are all edge, no pixel of them flat; the palette took the shirt and the shadow,
    // and they came out in the shadow's gray.
    const sprite = rasterOf(
      `<filter id="b"><feGaussianBlur stdDeviation="1"/></filter><g filter="url(#b)">
      <path d="M40 30 L60 20 L62 50 L36 58z" fill="#808890"/><rect x="22" y="14" width="20" height="36" fill="#1020e0"/>
      <rect x="24" y="50" width="5" height="8" fill="#101860"/><rect x="35" y="50" width="5" height="8" fill="#101860"/>
      <rect x="23" y="58" width="6" height="3" fill="#d0c020"/><rect x="34" y="58" width="6" height="3" fill="#d0c020"/>
      <ellipse cx="32" cy="9" rx="5" ry="4" fill="#a08060"/><ellipse cx="32" cy="6" rx="5" ry="2.5" fill="#302010"/></g>`,
      64,
      null,
    );
    const result = renderSvg(toSvg(trace(sprite)), 64);
    const count = (x0: number, y0: number, x1: number, y1: number, is: (c: number[]) => boolean) => {
      let n = 0;
      for (let y = y0; y < y1; y++)
        for (let x = x0; x < x1; x++) if (alphaAt(result, x, y) > 128 && is(pixelAt(result, x, y))) n++;
      return n;
    };
    const yellow = ([r, g, b]: number[]) => r > 120 && g > 110 && b < 90;
    const warm = ([r, , b]: number[]) => r - b > 30;
    // None of either before.
    expect(count(20, 56, 42, 62, yellow)).toBeGreaterThanOrEqual(15);
    expect(count(26, 4, 38, 13, warm)).toBeGreaterThanOrEqual(30);
  });

  it('gives the same model for the same image and settings', () => {
    const image = rasterOf(`${discOnSquare}<rect x="90" y="4" width="30" height="20" fill="#30b060"/>`, 128);
    const a = colorTrace(image, { colors: 'auto' });
    const b = colorTrace(image, { colors: 'auto' });
    expect(toSvg(b)).toBe(toSvg(a));
    expect(b.layers).toEqual(a.layers);
  });

  it('respects a forced palette size', () => {
    const body = `${discOnSquare}<rect x="90" y="4" width="30" height="20" fill="#30b060"/>`;
    const model = colorTrace(rasterOf(body, 128), { colors: 2 });
    // Two colors: the background and one layer.
    expect(new Set(model.layers.map((l) => JSON.stringify(l.color))).size).toBe(1);
  });

  it('keeps each forced color true, though it stands for pixels of other colors too', () => {
    // White page, a large yellow disc, small blue drops: with 2 colors the drops go to white or
    // yellow, and must not tint them.
    const body =
      '<circle cx="64" cy="64" r="44" fill="#ffcc4d"/><circle cx="20" cy="110" r="9" fill="#5dadec"/><circle cx="108" cy="110" r="9" fill="#5dadec"/>';
    const model = colorTrace(rasterOf(body, 128), { colors: 2 });
    expect(near(model.background, [255, 255, 255])).toBe(true);
    expect(model.layers.every((l) => near(l.color, [255, 204, 77]))).toBe(true);
  });

  it('records the time of each color stage', () => {
    const model = colorTrace(rasterOf(discOnSquare, 64));
    expect(Object.keys(model.timings)).toEqual(expect.arrayContaining(['palette', 'regions', 'outlines']));
  });
});
