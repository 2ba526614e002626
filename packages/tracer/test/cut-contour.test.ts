import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { flattenSubpath } from '../src/export/flatten.js';
import { readSvg, toDxf, toEps, toPdf, toSvg } from '../src/export/index.js';
import type { Layer, Point, RasterImage, VectorImage } from '../src/model.js';
import { trace } from '../src/trace.js';
import { parseDxf } from './helpers/dxf.js';
import { type Rasterized, rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { renderSvg } from './helpers/render.js';

// The package's CommonJS build exports the parser class itself; its typings declare an ES default.
/** SVG markup drawn in a size x size frame, rendered with its transparency kept. */
function sticker(body: string, size = 200): RasterImage {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${body}</svg>`;
  const { width, height, data } = renderSvg(svg, size, null);
  return { width, height, data };
}

function cutLayer(image: RasterImage, offset: number, unit: 'px' | 'mm' | 'in' = 'px'): Layer {
  const model = trace(image, { cutContour: { offset, unit } });
  const cut = model.layers.filter((l) => l.name === 'cut');
  expect(cut).toHaveLength(1);
  return cut[0] as Layer;
}

const points = (layer: Layer): Point[] => layer.subpaths.flatMap((s) => flattenSubpath(s, 0.1));
const distance = (p: Point, x: number, y: number) => Math.sqrt((p.x - x) ** 2 + (p.y - y) ** 2);

describe('sticker cut contour', () => {
  it('runs one closed outline around a shape at the offset asked', () => {
    const cut = cutLayer(sticker('<circle cx="100" cy="100" r="40" fill="#d22"/>'), 12);
    expect(cut.subpaths).toHaveLength(1);
    expect(cut.subpaths[0]?.open).toBeUndefined();
    for (const p of points(cut)) expect(Math.abs(distance(p, 100, 100) - 52)).toBeLessThan(1.5);
    expect(cut).toMatchObject({ fill: false, color: { r: 255, g: 0, b: 255 } });
  });

  it('reads the offset in millimetres and inches at 96 pixels to the inch', () => {
    const disc = sticker('<circle cx="100" cy="100" r="40" fill="#d22"/>');
    const mm = points(cutLayer(disc, 5, 'mm')); // 18.9 px
    for (const p of mm) expect(Math.abs(distance(p, 100, 100) - (40 + (5 * 96) / 25.4))).toBeLessThan(1.5);
    const inch = points(cutLayer(disc, 0.25, 'in')); // 24 px
    for (const p of inch) expect(Math.abs(distance(p, 100, 100) - 64)).toBeLessThan(1.5);
  });

  it('fills holes, bridges small gaps and joins parts far apart into one outline', () => {
    const ring = cutLayer(
      sticker('<circle cx="100" cy="100" r="50" fill="none" stroke="#000" stroke-width="12"/>'),
      4,
    );
    expect(ring.subpaths).toHaveLength(1); // no cut inside the ring
    const letters = sticker(
      '<rect x="20" y="80" width="30" height="40" fill="#14c"/><rect x="54" y="80" width="30" height="40" fill="#14c"/>' +
        '<rect x="150" y="20" width="20" height="20" fill="#c33"/>',
    );
    const cut = cutLayer(letters, 3);
    expect(cut.subpaths).toHaveLength(1);
    const box = points(cut).reduce(
      (b, p) => ({
        x0: Math.min(b.x0, p.x),
        y0: Math.min(b.y0, p.y),
        x1: Math.max(b.x1, p.x),
        y1: Math.max(b.y1, p.y),
      }),
      { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity },
    );
    // Around every part: the hull reaches the far square as well as the two bars.
    expect(box.x0).toBeLessThan(18);
    expect(box.x1).toBeGreaterThan(172);
    expect(box.y0).toBeLessThan(18);
    expect(box.y1).toBeGreaterThan(122);
  });

  it('outlines an opaque image by what differs from its border color, and is written as a layer named cut', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><rect width="120" height="120" fill="#fff"/><rect x="40" y="40" width="40" height="40" fill="#222"/></svg>`;
    const { width, height, data } = renderSvg(svg, 120);
    const model = trace({ width, height, data }, { cutContour: { offset: 5, unit: 'px' } });
    const cut = model.layers.find((l) => l.name === 'cut') as Layer;
    for (const p of points(cut)) {
      expect(p.x).toBeGreaterThan(33);
      expect(p.x).toBeLessThan(87);
    }
    expect(toSvg(model)).toContain('<path id="cut" fill="none" stroke="#f0f"');
  });

  it('adds nothing to an image with nothing visible', () => {
    const model = trace(sticker(''), { mode: 'color', cutContour: { offset: 5, unit: 'px' } });
    expect(model.layers.some((l) => l.name === 'cut')).toBe(false);
  });
});

describe('tracing the alpha', () => {
  it('traces the silhouette of white art on transparency in black, whatever its colors', () => {
    const art = sticker(
      '<circle cx="100" cy="100" r="60" fill="#fff"/><circle cx="100" cy="100" r="20" fill="#fe0"/>',
    );
    const model = trace(art, { trace: 'alpha' });
    expect(model.reading.kind).toBe('silhouette');
    expect(model.layers).toHaveLength(1);
    expect(model.layers[0]?.color).toEqual({ r: 0, g: 0, b: 0 });
    // One outline: the yellow dot inside the white disc is part of the silhouette, not a hole.
    expect(model.layers[0]?.subpaths).toHaveLength(1);
    const rendered = renderSvg(toSvg(model), 200);
    const at = (x: number, y: number) => rendered.data[(y * 200 + x) * 4];
    expect([at(100, 100), at(100, 50), at(20, 20)]).toEqual([0, 0, 255]);
  });

  it('says why an image without transparency has no silhouette', () => {
    const opaque = renderSvg('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"/>', 20);
    expect(() => trace({ width: 20, height: 20, data: opaque.data }, { trace: 'alpha' })).toThrow(TraceError);
    expect(() => trace({ width: 20, height: 20, data: opaque.data }, { trace: 'alpha' })).toThrow(
      /transparent pixels/,
    );
  });
});

/** A 256 px icon whose art runs along all four edges of the image, and its 2 mm (7.6 px) cut line. */
const icon = sticker('<rect width="256" height="256" rx="64" fill="#14c"/>', 256);
const withCut = trace(icon, { cutContour: { offset: 2, unit: 'mm' } });
const cutOf = (model: VectorImage) => model.layers.find((l) => l.name === 'cut') as Layer;
const numbers = (text: string, pattern: RegExp) => (pattern.exec(text)?.slice(1) ?? []).map(Number);
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** The box round a line's points, grown by half its stroke: where its ink reaches. */
function inkBox(layer: Layer) {
  const all = points(layer);
  const half = (layer.stroke ?? 0) / 2;
  return {
    left: Math.min(...all.map((p) => p.x)) - half,
    top: Math.min(...all.map((p) => p.y)) - half,
    right: Math.max(...all.map((p) => p.x)) + half,
    bottom: Math.max(...all.map((p) => p.y)) + half,
  };
}

/** Whether a rendering has the cut line's magenta (on white, anti-aliased) in the given rows and columns. */
function magentaIn(page: Rasterized, x0: number, x1: number, y0: number, y1: number): boolean {
  for (let y = Math.max(0, y0); y < Math.min(page.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(page.width, x1); x++) {
      const o = (y * page.width + x) * page.channels;
      const [r, g, b] = [page.data[o], page.data[o + 1], page.data[o + 2]];
      if (r > 200 && b > 200 && r - g > 60) return true;
    }
  }
  return false;
}

describe('the page round a cut contour', () => {
  it('runs off a 256 px icon whose art touches its edges, and the page grows so the whole line is on it', () => {
    const cut = inkBox(cutOf(withCut));
    // The line runs about 7.6 px outside the image on every side: the image alone would clip it.
    for (const beyond of [-cut.left, -cut.top, cut.right - 256, cut.bottom - 256]) {
      expect(beyond).toBeGreaterThan(7);
    }
    const margin = withCut.margin as number;
    expect(margin).toBeGreaterThanOrEqual(Math.max(-cut.left, -cut.top, cut.right - 256, cut.bottom - 256));
    expect(margin).toBeLessThan(10);

    // SVG: the viewBox reaches round the line as written in the file.
    const svg = toSvg(withCut);
    const [x, y, w, h] = numbers(svg, /viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/);
    expect([x, y, w, h]).toEqual([-margin, -margin, 256 + 2 * margin, 256 + 2 * margin]);
    const written = inkBox(cutOf(readSvg(svg)));
    expect(written.left).toBeGreaterThanOrEqual(x);
    expect(written.top).toBeGreaterThanOrEqual(y);
    expect(written.right).toBeLessThanOrEqual(x + w);
    expect(written.bottom).toBeLessThanOrEqual(y + h);
    expect(svg).toContain(`width="${w}" height="${h}"`);
  });

  it('puts the whole line on the PDF page and in the EPS bounding box, drawn on all four sides', () => {
    const margin = withCut.margin as number;
    const pdf = latin1(toPdf(withCut));
    const [, , pageW, pageH] = numbers(pdf, /MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/);
    const [s, , , , tx, ty] = numbers(pdf, /\n([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) cm\n/);
    expect([pageW, pageH, s, tx, ty]).toEqual([256 + 2 * margin, 256 + 2 * margin, 1, margin, margin]);
    // Every point of the cut line in the content stream (after its magenta), where the matrix puts it.
    const stream = pdf.slice(pdf.indexOf('1 0 1 RG'));
    const ends = [...stream.matchAll(/([-\d.]+) ([-\d.]+) [mlc]\n/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(ends.length).toBeGreaterThan(8);
    const half = (cutOf(withCut).stroke as number) / 2;
    for (const [px, py] of ends) {
      expect(px + tx - half).toBeGreaterThanOrEqual(0);
      expect(px + tx + half).toBeLessThanOrEqual(pageW);
      expect(py + ty - half).toBeGreaterThanOrEqual(0);
      expect(py + ty + half).toBeLessThanOrEqual(pageH);
    }

    const eps = toEps(withCut);
    const box = numbers(eps, /%%BoundingBox: (\d+) (\d+) (\d+) (\d+)/);
    const hires = numbers(eps, /%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/);
    expect(box).toEqual([0, 0, 256 + 2 * margin, 256 + 2 * margin]);
    expect(hires).toEqual(box);
    expect(eps).toContain(`\n${margin} dup translate\n`);

    // Drawn at 2 px a point: the line's magenta lies in the margin beyond each of the image's sides.
    for (const page of [rasterizePdf(toPdf(withCut), 144), rasterizeEps(eps, 144)]) {
      const side = 2 * (256 + 2 * margin);
      const [edge, far] = [2 * margin, side - 2 * margin];
      expect([page.width, page.height]).toEqual([side, side]);
      expect(magentaIn(page, 0, edge, 0, side)).toBe(true); // left
      expect(magentaIn(page, far, side, 0, side)).toBe(true); // right
      expect(magentaIn(page, 0, side, 0, edge)).toBe(true); // top
      expect(magentaIn(page, 0, side, far, side)).toBe(true); // bottom
    }
  });

  it('keeps the artwork where it was: the same paths in the SVG, on a page centred on the image', () => {
    const plain = toSvg(trace(icon)).split('\n');
    const cut = toSvg(withCut).split('\n');
    // The root element and the cut line's path are all that differ.
    expect(cut.filter((line) => !line.startsWith('<svg') && !line.includes('id="cut"'))).toEqual(
      plain.filter((line) => !line.startsWith('<svg')),
    );
  });

  it('keeps the asked size for the artwork: a 100 mm sticker is 100 mm, its cut line around it', () => {
    const margin = withCut.margin as number;
    const page = (100 * (256 + 2 * margin)) / 256;
    const svg = toSvg(withCut, { size: { width: 100, unit: 'mm' } });
    const [w, h] = numbers(svg, /width="([\d.]+)mm" height="([\d.]+)mm"/);
    expect(w).toBeCloseTo(page, 6);
    expect(h).toBeCloseTo(page, 6);
    const pdf = latin1(toPdf(withCut, { size: { width: 100, unit: 'mm' } }));
    const [, , pageW] = numbers(pdf, /MediaBox \[([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)\]/);
    const [s, , , , tx] = numbers(pdf, /\n([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) cm\n/);
    const points = (mm: number) => (mm / 25.4) * 72;
    expect(pageW).toBeCloseTo(points(page), 6);
    expect(s * 256).toBeCloseTo(points(100), 4); // the image, 100 mm wide
    expect(tx).toBeCloseTo(s * margin, 6);
    const eps = toEps(withCut, { size: { width: 100, unit: 'mm' } });
    const [, , hiW] = numbers(eps, /%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/);
    expect(hiW).toBeCloseTo(points(page), 6);
  });

  it('leaves the DXF coordinates as they are, its extents taking in the line', () => {
    const margin = withCut.margin as number;
    const parse = (model: VectorImage) => parseDxf(toDxf(model));
    const dxf = parse(withCut);
    const { margin: _, ...onImage } = withCut;
    expect(dxf?.entities).toEqual(parse(onImage)?.entities);
    const cut = (dxf?.entities ?? []).filter((e) => e.layer === 'cut');
    const xs = cut.flatMap((e) => (e as unknown as { vertices: Point[] }).vertices.map((v) => v.x));
    expect(Math.min(...xs)).toBeLessThan(-7); // off the image, where the line really runs
    expect(dxf.header.$EXTMIN).toMatchObject({ x: -margin, y: -margin });
    expect(dxf.header.$EXTMAX).toMatchObject({ x: 256 + margin, y: 256 + margin });
  });

  it('reads the page back from the SVG: a stored result writes the same page as PDF and EPS', () => {
    const back = readSvg(toSvg(withCut));
    expect([back.width, back.height, back.margin]).toEqual([256, 256, withCut.margin]);
    expect(toSvg(back)).toBe(toSvg(withCut));
    const size = { width: 3, unit: 'in' } as const;
    // The page and the matrix onto it (the paths, read back from 2 decimals, may round apart by 0.01).
    const page = (pdf: Uint8Array) => /MediaBox[^\]]*\]|\n[^\n]* cm\n/g[Symbol.match](latin1(pdf));
    expect(page(toPdf(back, { size }))).toEqual(page(toPdf(withCut, { size })));
    const box = (eps: string) => eps.split('\n').filter((line) => /Box|dup (scale|translate)$/.test(line));
    expect(box(toEps(back, { size }))).toEqual(box(toEps(withCut, { size })));
    expect(box(toEps(back, { size }))).toHaveLength(4);
  });

  it('leaves the page as it was when the line lies on the image', () => {
    const centred = sticker('<circle cx="100" cy="100" r="50" fill="#d22"/>');
    const model = trace(centred, { cutContour: { offset: 2, unit: 'mm' } });
    expect(model.margin).toBeUndefined();
    const lines = toSvg(model).split('\n');
    expect(lines.filter((line) => !line.includes('id="cut"'))).toEqual(toSvg(trace(centred)).split('\n'));
    expect(lines[0]).toContain('viewBox="0 0 200 200"');
    expect(latin1(toPdf(model))).toContain('/MediaBox [0 0 200 200]');
  });
});
