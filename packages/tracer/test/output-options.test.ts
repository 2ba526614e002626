import { describe, expect, it } from 'vitest';
import { flattenSubpath } from '../src/export/flatten.js';
import {
  drawnAs,
  formats,
  isArtwork,
  type Layer,
  type RasterImage,
  readSvg,
  svgWritingOf,
  toSvg,
  trace,
  type VectorImage,
} from '../src/index.js';
import { rasterOf } from './helpers/raster.js';
import { renderSvg } from './helpers/render.js';

const SIZE = 128;

/** Shapes on a cream page that touch and enclose each other: every edge lies between two colors. */
const drawing =
  '<rect width="128" height="128" fill="#f3efe2"/><circle cx="48" cy="52" r="34" fill="#2a6fb5"/>' +
  '<circle cx="78" cy="70" r="30" fill="#e0a21b"/><path d="M10 118 L60 80 L110 122 Z" fill="#b8322a"/>' +
  '<circle cx="60" cy="60" r="9" fill="#1c1c1c"/>';
const image = rasterOf(drawing, SIZE);

/** The length of every curve of the artwork, flattened to 0.05 px. */
function curveLength(layers: Layer[]): number {
  let length = 0;
  for (const layer of layers.filter(isArtwork)) {
    for (const subpath of layer.subpaths) {
      const points = flattenSubpath(subpath, 0.05);
      if (!subpath.open) points.push(points[0]);
      for (let i = 1; i < points.length; i++)
        length += Math.hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
    }
  }
  return length;
}

/** Every `<path>` element's attributes, by name. */
function paths(svg: string): Map<string, string>[] {
  return [...svg.matchAll(/<path ([^>]*)\/>/g)].map(
    (m) =>
      new Map(
        [...(m[1] as string).matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v] as [string, string]),
      ),
  );
}

/** Pixel art: a 12x12 picture of 2x2 cells in three colors, drawn with each cell a pixel. */
function cells(): RasterImage {
  const colors = [
    [200, 30, 30],
    [30, 30, 200],
    [240, 240, 240],
  ];
  const data = new Uint8Array(12 * 12 * 4);
  for (let y = 0; y < 12; y++)
    for (let x = 0; x < 12; x++) {
      const c = colors[(Math.floor(x / 2) * 3 + Math.floor(y / 3)) % 3] as number[];
      data.set([...c, 255], (y * 12 + x) * 4);
    }
  return { width: 12, height: 12, data };
}

describe('draw styles: filled shapes, stroked shapes, stroked edges', () => {
  it('strokeShapes strokes every shape’s outline in its color, and fills nothing', () => {
    const filled = trace(image, { mode: 'color' });
    const stroked = drawnAs(filled, 'strokeShapes');
    const svg = toSvg(stroked);
    expect(svg).not.toContain('<rect');
    const all = paths(svg);
    expect(all.length).toBe(filled.layers.length);
    for (const p of all) {
      expect(p.get('fill')).toBe('none');
      expect(p.get('stroke')).toMatch(/^#[0-9a-f]{3,6}$/);
      expect(Number(p.get('stroke-width'))).toBeGreaterThan(0);
    }
    // Every outline is kept, only no longer filled.
    expect(curveLength(stroked.layers)).toBeCloseTo(curveLength(filled.layers), 6);
  });

  it('strokeEdges strokes each edge between shapes once: a shared border is one stroke, not two', () => {
    const shapes = trace(image, { mode: 'color', drawStyle: 'strokeEdges' });
    const edges = drawnAs(shapes, 'strokeEdges');
    const svg = toSvg(edges);
    expect(svg).not.toContain('<rect');
    for (const p of paths(svg)) {
      expect(p.get('fill')).toBe('none');
      expect(p.get('stroke')).toBeDefined();
    }
    expect(edges.layers.some((l) => l.name === 'gap-filler')).toBe(false);
    // The cut-out shapes each run round their borders: every inner border twice, the frame once.
    const outlines = curveLength(shapes.layers);
    const frame = 4 * SIZE;
    const drawn = curveLength(edges.layers);
    // (Within a few pixels: the frame's corners are cut by a shape's curve here and there.)
    expect(Math.abs(drawn - (outlines + frame) / 2)).toBeLessThan(4);
    // Stroked shapes draw the same borders twice over.
    expect(curveLength(drawnAs(shapes, 'strokeShapes').layers)).toBeCloseTo(outlines, 6);
  });

  it('strokeEdges on pixel art strokes each side between two colors once, cells meeting along parts of sides', () => {
    const traced = trace(cells(), { mode: 'pixel' });
    const edges = drawnAs(traced, 'strokeEdges');
    // Unit sides between cells of different colors, and the frame's 48.
    const picture = cells();
    const colorAt = (x: number, y: number) =>
      picture.data.slice((y * 12 + x) * 4, (y * 12 + x) * 4 + 3).join();
    let between = 0;
    for (let y = 0; y < 12; y++)
      for (let x = 0; x < 12; x++) {
        if (x < 11 && colorAt(x, y) !== colorAt(x + 1, y)) between++;
        if (y < 11 && colorAt(x, y) !== colorAt(x, y + 1)) between++;
      }
    expect(curveLength(edges.layers)).toBeCloseTo(between + 48, 6);
  });

  it('the other formats draw the style as SVG does: PDF and EPS stroke, DXF writes the edges once', () => {
    const shapes = trace(image, { mode: 'color', drawStyle: 'strokeEdges' });
    const write = (name: string, model: VectorImage) => {
      const written = formats.find((f) => f.name === name)?.write(model, { drawStyle: 'strokeEdges' });
      return typeof written === 'string' ? written : Buffer.from(written as Uint8Array).toString('latin1');
    };
    // EPS: every layer painted with `width s` (stroke), none with `f` or `b` (fill), no rectfill.
    const eps = write('eps', shapes).split('%%EndProlog')[1] as string;
    expect(eps).toMatch(/^1 s$/m);
    expect(eps).not.toMatch(/(^| )[fb]$|rectfill/m);
    // PDF: stroked (`S`), never filled (`f`, `B`).
    const pdf = write('pdf', shapes);
    expect(pdf).toMatch(/^S$/m);
    expect(pdf).not.toMatch(/^[fB]$/m);
    // DXF: the same edges, each once: as many entities as the SVG has subpaths.
    const svgModel = readSvg(write('svg', shapes));
    const subpaths = svgModel.layers.reduce((n, l) => n + l.subpaths.length, 0);
    const entities = write('dxf', shapes).match(/^(LWPOLYLINE|LINE|ARC|CIRCLE|ELLIPSE)$/gm) ?? [];
    expect(entities.length).toBe(subpaths);
  });

  it('a stored stroked result reads back and draws the same', () => {
    const svg = toSvg(drawnAs(trace(image, { mode: 'color', drawStyle: 'strokeEdges' }), 'strokeEdges'));
    expect(toSvg(readSvg(svg))).toBe(svg);
  });
});

describe('SVG groups, profile and the Illustrator form', () => {
  const filled = trace(image, { mode: 'color' });

  it('groupBy=color writes one <g> per color, each color’s paths in it', () => {
    const svg = toSvg(filled, { groupBy: 'color' });
    const groups = [...svg.matchAll(/<g id="color-([0-9a-f]{6})">/g)].map((m) => m[1]);
    const colors = new Set(
      paths(toSvg(filled)).map((p) => (p.get('fill') as string).replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3')),
    );
    expect(groups.length).toBe(colors.size);
    expect(new Set(groups).size).toBe(groups.length);
    for (const hex of groups) expect(colors.has(`#${hex}`)).toBe(true);
    // Drawn the same as without groups.
    expect(renderSvg(svg, SIZE).data).toEqual(renderSvg(toSvg(filled), SIZE).data);
    expect(svgWritingOf(svg).groupBy).toBe('color');
    expect(toSvg(readSvg(svg), svgWritingOf(svg))).toBe(svg);
  });

  it('groupBy=layer writes one <g> per layer, in painting order', () => {
    const svg = toSvg(filled, { groupBy: 'layer' });
    const groups = [...svg.matchAll(/<g id="layer-(\d+)">\n<path [^>]*\/>\n<\/g>/g)].map((m) => Number(m[1]));
    expect(groups).toEqual(filled.layers.map((_, k) => k + 1));
    expect(toSvg(readSvg(svg), svgWritingOf(svg))).toBe(svg);
  });

  it('svgVersion=tiny writes SVG Tiny 1.2: no arcs, fill-opacity instead of opacity', () => {
    const circle = rasterOf('<circle cx="64" cy="64" r="40" fill="#000"/>', SIZE);
    const round = trace(circle, { mode: 'bw', shapes: true });
    expect(toSvg(round)).toMatch(/a/);
    const tiny = toSvg(round, { svgVersion: 'tiny' });
    expect(tiny).toContain('version="1.2" baseProfile="tiny"');
    const d = paths(tiny)
      .map((p) => p.get('d'))
      .join('');
    expect(d).not.toMatch(/[aA]/);
    const pixels = renderSvg(tiny, SIZE).data;
    const arcs = renderSvg(toSvg(round), SIZE).data;
    // The same circle: cubics within 0.03 % of its radius move no edge pixel far.
    let off = 0;
    for (let i = 0; i < pixels.length; i++) off = Math.max(off, Math.abs(pixels[i] - arcs[i]));
    expect(off).toBeLessThan(48);
    const seeThrough = toSvg(
      { ...round, layers: round.layers.map((l) => ({ ...l, opacity: 0.5 })) },
      { svgVersion: 'tiny' },
    );
    expect(seeThrough).toContain('fill-opacity="0.5"');
    expect(seeThrough).not.toContain(' opacity=');
    expect(readSvg(seeThrough).layers[0]?.opacity).toBe(0.5);
  });

  it('adobeCompatible writes the version, long colors, an explicit fill rule and path data in full', () => {
    const svg = toSvg(filled, { adobeCompatible: true });
    expect(svg).toMatch(/^<svg [^>]*version="1.1"/);
    expect(svg).not.toMatch(/<style|vector-effect|transform|class=/);
    for (const p of paths(svg)) {
      expect(p.get('fill')).toMatch(/^#[0-9a-f]{6}$/);
      expect(p.get('fill-rule')).toBe('nonzero');
      const d = p.get('d') as string;
      // No number runs into the next ("1.5.5", "1-2"), none starts with its point, no letter is left out.
      expect(d).not.toMatch(/\d-|\.\d+\.|(^|[^\d])\./);
      for (const command of d.match(/[a-zA-Z][^a-zA-Z]*/g) ?? []) {
        const count = command.slice(1).trim().split(/\s+/).filter(Boolean).length;
        const per = { M: 2, m: 2, l: 2, h: 1, v: 1, c: 6, a: 7, z: 0 }[command[0] as 'm'];
        expect(count, command).toBe(per);
      }
    }
    expect(renderSvg(svg, SIZE).data).toEqual(renderSvg(toSvg(filled), SIZE).data);
    expect(svgWritingOf(svg).adobeCompatible).toBe(true);
    expect(toSvg(readSvg(svg), svgWritingOf(svg))).toBe(svg);
    expect(svgWritingOf(toSvg(filled))).toEqual({
      groupBy: 'none',
      svgVersion: '1.1',
      adobeCompatible: false,
    });
  });
});
