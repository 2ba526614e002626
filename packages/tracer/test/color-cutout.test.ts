import { describe, expect, it } from 'vitest';
import { flattenSubpath } from '../src/export/flatten.js';
import { isArtwork, type Point, type Subpath, toSvg, trace, type VectorImage } from '../src/index.js';
import { flat, rasterOf } from './helpers/raster.js';
import { alphaAt, renderSvg } from './helpers/render.js';

const SIZE = 128;

/** Overlapping shapes on a cream page, anti-aliased: discs, a triangle, a tilted box, a thin line. */
const drawing =
  '<rect width="128" height="128" fill="#f3efe2"/><circle cx="48" cy="52" r="34" fill="#2a6fb5"/>' +
  '<circle cx="78" cy="70" r="30" fill="#e0a21b"/><path d="M10 118 L60 80 L110 122 Z" fill="#b8322a"/>' +
  '<rect x="86" y="12" width="30" height="22" fill="#3c8a3c" transform="rotate(20 100 23)"/>' +
  '<circle cx="60" cy="60" r="9" fill="#1c1c1c"/><path d="M4 8 L124 30" stroke="#5a2a7a" stroke-width="2.5"/>';

const image = rasterOf(drawing, SIZE);
const cutout = trace(image, { mode: 'color', layering: 'cutout' });

/** The area a subpath encloses, signed, from its outline flattened to 0.05 px (shoelace). */
function signedArea(subpath: Subpath): number {
  const points = flattenSubpath(subpath, 0.05);
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i];
    const b = points[(i + 1) % points.length];
    twice += a.x * b.y - b.x * a.y;
  }
  return twice / 2;
}

/** Every layer's area (its outlines less its holes), summed over the layers. */
function shapeArea(model: VectorImage): number {
  return model.layers
    .filter(isArtwork)
    .reduce((sum, l) => sum + Math.abs(l.subpaths.reduce((a, s) => a + signedArea(s), 0)), 0);
}

/** The area the layers cover together: all their outlines as one path (nonzero), rendered at 1x. */
function coveredArea(model: VectorImage): number {
  const union = {
    ...model,
    background: undefined,
    layers: [
      { color: { r: 0, g: 0, b: 0 }, subpaths: model.layers.filter(isArtwork).flatMap((l) => l.subpaths) },
    ],
  };
  const { data } = renderSvg(toSvg(union), model.width, null);
  let area = 0;
  for (let i = 3; i < data.length; i += 4) area += data[i] / 255;
  return area;
}

/** The most any pixel shows of what lies under the picture (1 - alpha), rendered at 1x. */
function mostShowing(svg: string, width: number, inside: (x: number, y: number) => boolean): number {
  const render = renderSvg(svg, width, null);
  let most = 0;
  for (let y = 0; y < render.height; y++) {
    for (let x = 0; x < width; x++) if (inside(x, y)) most = Math.max(most, 1 - alphaAt(render, x, y) / 255);
  }
  return most;
}

function withoutGapFiller(model: VectorImage): VectorImage {
  return { ...model, layers: model.layers.filter(isArtwork) };
}

describe('cut-out layering', () => {
  it('gives shapes that do not overlap: their areas sum to the area they cover, within 1%', () => {
    const covered = coveredArea(cutout);
    expect(covered).toBeGreaterThan(0.99 * SIZE * SIZE);
    expect(shapeArea(cutout) / covered).toBeLessThanOrEqual(1.01);
    expect(shapeArea(cutout) / covered).toBeGreaterThanOrEqual(0.99);
    // Stacked layers run on under the ones above them.
    const stacked = trace(image, { mode: 'color' });
    expect(shapeArea(stacked) / coveredArea(stacked)).toBeGreaterThan(1.2);
  });

  it('has neighbours share their border exactly: every inner piece of outline is another layer’s, reversed', () => {
    const key = (points: Point[]) => points.map((p) => `${p.x},${p.y}`).join(' ');
    const onFrame = (p: Point) => p.x === 0 || p.y === 0 || p.x === SIZE || p.y === SIZE;
    // Layers each piece belongs to, walked as it is written.
    const owners = new Map<string, Set<number>>();
    const inner: { backward: string; layer: number }[] = [];
    cutout.layers.filter(isArtwork).forEach((layer, k) => {
      for (const { start, segments } of layer.subpaths) {
        let pen = start;
        for (const s of segments) {
          const points = s.kind === 'cubic' ? [pen, s.c1, s.c2, s.to] : [pen, s.to];
          if (!(onFrame(pen) && onFrame(s.to))) {
            const forward = key(points);
            owners.set(forward, (owners.get(forward) ?? new Set()).add(k));
            inner.push({ backward: key([...points].reverse()), layer: k });
          }
          pen = s.to;
        }
      }
    });
    expect(inner.length).toBeGreaterThan(50);
    const unmatched = inner.filter(
      ({ backward, layer }) => ![...(owners.get(backward) ?? [])].some((o) => o !== layer),
    );
    expect(unmatched).toEqual([]);
  });

  it('lays a gap filler under the shapes: open strokes along the seams, in a neighbour’s color', () => {
    const fillers = cutout.layers.filter((l) => l.name === 'gap-filler');
    const shapes = cutout.layers.filter(isArtwork);
    expect(fillers.length).toBeGreaterThan(0);
    // Under every shape, and the shapes themselves left as they are: filled, unstroked.
    expect(cutout.layers.slice(0, fillers.length)).toEqual(fillers);
    expect(shapes.every((l) => l.stroke === undefined && l.fill === undefined)).toBe(true);
    const colors = new Set(shapes.map((l) => JSON.stringify(l.color)));
    for (const filler of fillers) {
      expect(filler).toMatchObject({ fill: false, stroke: 2.5 });
      expect(colors.has(JSON.stringify(filler.color))).toBe(true);
      expect(filler.subpaths.every((s) => s.open)).toBe(true);
    }
    // Not counted as curves of the picture, nor as its colors.
    expect(cutout.vectorCount).toBe(shapes.reduce((sum, l) => sum + l.subpaths.length, 0));
    const svg = toSvg(cutout);
    expect(svg.match(/<path class="gap-filler" fill="none"/g)).toHaveLength(fillers.length);
    expect(cutout.background).toBeUndefined();
  });

  it('shows no background along the seams over magenta, where shapes without the gap filler do', () => {
    const everywhere = () => true;
    // resvg at 1x: at most a rounding's trace of the background anywhere.
    expect(mostShowing(toSvg(cutout), SIZE, everywhere)).toBeLessThanOrEqual(0.01);
    const over = renderSvg(toSvg(cutout), SIZE, '#ff00ff');
    let magenta = 0;
    for (let p = 0; p < SIZE * SIZE; p++) {
      const [r, g, b] = over.data.subarray(p * 4, p * 4 + 3);
      // Magenta: red and blue well above green, which no color of the drawing is.
      if (r - g > 60 && b - g > 60) magenta++;
    }
    expect(magenta).toBe(0);
    expect(mostShowing(toSvg(withoutGapFiller(cutout)), SIZE, everywhere)).toBeGreaterThan(0.2);
  });

  it('keeps transparency transparent, and the cut-out shapes of a logo on it apart', () => {
    const logo = flat(64, 64, [0, 0, 0, 0]);
    const body = rasterOf(
      '<circle cx="32" cy="32" r="22" fill="#d03030"/><rect x="22" y="22" width="20" height="20" fill="#203080"/>',
      64,
    );
    for (let p = 0; p < 64 * 64; p++) {
      const [r, g, b] = body.data.subarray(p * 4, p * 4 + 3);
      // The drawing on white, its white made transparent (its edge pixels keep their color).
      if (!(r > 250 && g > 250 && b > 250)) logo.data.set([r, g, b, 255], p * 4);
    }
    const model = trace(logo, { mode: 'color', layering: 'cutout' });
    expect(model.background).toBeUndefined();
    expect(model.layers.filter(isArtwork)).toHaveLength(2);
    expect(shapeArea(model) / coveredArea(model)).toBeLessThanOrEqual(1.01);
    const render = renderSvg(toSvg(model), 64, null);
    expect([
      alphaAt(render, 2, 2),
      alphaAt(render, 60, 32),
      alphaAt(render, 32, 32),
      alphaAt(render, 14, 32),
    ]).toEqual([0, 0, 255, 255]);
    // Inside the disc (more than 1.5 px from its edge) nothing shows through.
    const inDisc = (x: number, y: number) => Math.hypot(x + 0.5 - 32, y + 0.5 - 32) < 20.5;
    expect(mostShowing(toSvg(model), 64, inDisc)).toBeLessThanOrEqual(0.01);
    // The gap filler (along the square's edge) keeps inside the picture: no pixel the shapes leave
    // clear gains any color.
    expect(model.layers.some((l) => l.name === 'gap-filler')).toBe(true);
    const bare = renderSvg(toSvg(withoutGapFiller(model)), 64, null);
    let grown = 0;
    for (let y = 0; y < 64; y++)
      for (let x = 0; x < 64; x++) if (alphaAt(bare, x, y) === 0 && alphaAt(render, x, y) > 0) grown++;
    expect(grown).toBe(0);
  });

  it('keeps the gap filler inside the picture where a seam runs out to transparency', () => {
    // A disc of two halves on transparency, anti-aliased: the seam between them meets the edge twice.
    const halves = rasterOf(
      '<clipPath id="c"><circle cx="32" cy="32" r="24"/></clipPath><g clip-path="url(#c)">' +
        '<rect width="33" height="64" fill="#d03030"/><rect x="33" width="31" height="64" fill="#203080"/></g>',
      64,
      null,
    );
    const model = trace(halves, { mode: 'color', layering: 'cutout' });
    expect(model.layers.some((l) => l.name === 'gap-filler')).toBe(true);
    const bare = renderSvg(toSvg(withoutGapFiller(model)), 64, null);
    const full = renderSvg(toSvg(model), 64, null);
    // Where the image is clear, the gap filler adds nothing to what the shapes cover.
    let grown = 0;
    for (let p = 0; p < 64 * 64; p++) {
      if (halves.data[p * 4 + 3] === 0 && full.data[p * 4 + 3] > bare.data[p * 4 + 3] + 2) grown++;
    }
    expect(grown).toBe(0);
  });

  it('keeps stacked layers the default', () => {
    const stacked = trace(image, { mode: 'color' });
    expect(stacked.background).toBeDefined();
    expect(stacked.layers.every((l) => l.stroke === undefined)).toBe(true);
  });
});
