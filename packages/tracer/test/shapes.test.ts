import type { IArcEntity, ICircleEntity, ILineEntity, ILwpolylineEntity } from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { flattenSubpath } from '../src/export/flatten.js';
import { readSvg, toDxf, toEps, toPdf, toSvg } from '../src/export/index.js';
import { type ArcSegment, arcBulge, arcGeometry, arcToCubics, flattenArc } from '../src/geometry/arc.js';
import type { Point, Segment, Subpath, VectorImage } from '../src/model.js';
import { assertShapesWithinBudget, fitShapes, MAX_SHAPE_SAMPLES } from '../src/shapes/fit-shapes.js';
import { trace } from '../src/trace.js';
import { parseDxf } from './helpers/dxf.js';
import { rasterOf } from './helpers/raster.js';
import { rasterizeEps, rasterizePdf } from './helpers/rasterize.js';
import { darkMask, iou, renderSvgMask } from './helpers/render.js';
import { black, disc, image } from './helpers/shapes.js';

const shaped = (body: string, size: number) => trace(rasterOf(body, size), { mode: 'bw', shapes: true });
const plain = (body: string, size: number) => trace(rasterOf(body, size), { mode: 'bw' });

/** Subpixel offsets, so that no size is traced only at a lucky position. */
const offsets = [0, 0.37, 0.71, 0.13, 0.52, 0.89, 0.26, 0.64].map(
  (dx, i) => [dx, (i * 0.61 + 0.19) % 1] as const,
);

/** The circle a subpath is (two arcs on one centre, going once round), or undefined. */
function circleOf({ start, segments }: Subpath): { center: Point; radius: number } | undefined {
  const [a, b] = segments;
  if (segments.length !== 2 || a?.kind !== 'arc' || b?.kind !== 'arc' || a.ry !== undefined) return undefined;
  const g = arcGeometry(start, a);
  const h = arcGeometry(a.to, b);
  if (!g || !h || Math.hypot(g.center.x - h.center.x, g.center.y - h.center.y) > 1e-6) return undefined;
  if (Math.abs(Math.abs(g.sweep + h.sweep) - 2 * Math.PI) > 1e-6) return undefined;
  return { center: g.center, radius: g.radius };
}

/** The ellipse a subpath is (two elliptical arcs on one centre, going once round), or undefined. */
function ellipseOf({ start, segments }: Subpath) {
  const [a, b] = segments;
  if (segments.length !== 2 || a?.kind !== 'arc' || b?.kind !== 'arc' || a.ry === undefined) return undefined;
  const g = arcGeometry(start, a);
  const h = arcGeometry(a.to, b);
  if (!g || !h || Math.hypot(g.center.x - h.center.x, g.center.y - h.center.y) > 1e-6) return undefined;
  if (Math.abs(Math.abs(g.sweep + h.sweep) - 2 * Math.PI) > 1e-6) return undefined;
  return { center: g.center, rx: a.radius, ry: a.ry, rotation: a.rotation ?? 0 };
}

/** Every arc of a subpath with its geometry. */
function arcsOf({ start, segments }: Subpath) {
  const arcs = [];
  let from = start;
  for (const seg of segments) {
    if (seg.kind === 'arc') arcs.push(arcGeometry(from, seg));
    from = seg.to;
  }
  return arcs.filter((g) => g !== undefined);
}

const kinds = (subpath: Subpath) => subpath.segments.map((s) => s.kind);

/** Twice the signed area of a subpath (its direction), from a fine polyline. */
function signedArea(subpath: Subpath): number {
  const points = flattenSubpath(subpath, 0.05);
  let sum = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length] as Point;
    sum += p.x * q.y - q.x * p.y;
  });
  return sum;
}

/** Technical drawings, 400 x 400 px. */
const drawings = {
  ellipses: [
    '<ellipse cx="140" cy="150" rx="100" ry="60" transform="rotate(25 140 150)"/>',
    '<ellipse cx="140" cy="150" rx="40" ry="20" fill="#fff" transform="rotate(-40 140 150)"/>',
    '<ellipse cx="300.4" cy="290.7" rx="50" ry="80"/>',
  ].join(''),
  plate: [
    '<rect x="20.3" y="60.4" width="360" height="280" rx="30"/>',
    ...[
      [70, 110],
      [330, 110],
      [70, 290],
      [330, 290],
    ].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="15" fill="#fff"/>`),
    '<rect x="140" y="230" width="120" height="40" rx="20" fill="#fff"/>',
    '<circle cx="200" cy="160" r="35" fill="#fff"/>',
  ].join(''),
  gear: [
    '<circle cx="200" cy="200" r="120"/>',
    ...Array.from(
      { length: 16 },
      (_, i) => `<rect x="188" y="48" width="24" height="40" transform="rotate(${i * 22.5} 200 200)"/>`,
    ),
    '<circle cx="200" cy="200" r="40" fill="#fff"/>',
  ].join(''),
  washers: [
    '<circle cx="110.3" cy="110.6" r="80"/><circle cx="110.3" cy="110.6" r="45" fill="#fff"/>',
    '<circle cx="290" cy="120" r="60"/><circle cx="290" cy="120" r="20" fill="#fff"/>',
    '<circle cx="200.5" cy="295.2" r="90"/><circle cx="200.5" cy="295.2" r="60" fill="#fff"/>',
  ].join(''),
};

describe('arc geometry', () => {
  // From (0,0) to (10,10), radius 10, clockwise on screen: round the centre (0,10), up then right.
  const arc: ArcSegment = { kind: 'arc', radius: 10, large: false, sweep: true, to: { x: 10, y: 10 } };
  const from = { x: 0, y: 0 };

  it('finds the centre the flags choose, as SVG does', () => {
    const g = arcGeometry(from, arc);
    expect(g?.center.x).toBeCloseTo(0, 9);
    expect(g?.center.y).toBeCloseTo(10, 9);
    expect(g?.sweep).toBeCloseTo(Math.PI / 2, 9);
    const large = arcGeometry(from, { ...arc, large: true });
    expect(large?.center.x).toBeCloseTo(10, 9);
    expect(large?.sweep).toBeCloseTo((3 * Math.PI) / 2, 9);
    // A radius too small for the chord grows to half of it: a half circle.
    expect(arcGeometry(from, { ...arc, radius: 1 })?.radius).toBeCloseTo(Math.SQRT2 * 5, 9);
  });

  it('flattens within the tolerance and turns into cubics within 0.03 % of the radius', () => {
    const points = flattenArc(from, arc, 0.01);
    expect(points.at(-1)).toBe(arc.to);
    let previous = from;
    for (const p of points) {
      expect(Math.hypot(p.x, p.y - 10)).toBeCloseTo(10, 9);
      const mid = { x: (p.x + previous.x) / 2, y: (p.y + previous.y) / 2 };
      expect(10 - Math.hypot(mid.x, mid.y - 10)).toBeLessThanOrEqual(0.01);
      previous = p;
    }
    const cubics = arcToCubics(from, { ...arc, large: true });
    expect(cubics).toHaveLength(3);
    const curve = flattenSubpath({ start: from, segments: cubics, open: true }, 0.001);
    for (const p of curve) expect(Math.abs(Math.hypot(p.x - 10, p.y) - 10)).toBeLessThan(0.003);
    expect(cubics.at(-1)?.to).toBe(arc.to);
  });

  it('gives a clockwise arc on screen a negative bulge: counterclockwise is positive in y-up DXF', () => {
    expect(arcBulge(from, arc)).toBeCloseTo(-Math.tan(Math.PI / 8), 9);
    expect(arcBulge(from, { ...arc, sweep: false })).toBeCloseTo(Math.tan(Math.PI / 8), 9);
  });
});

describe('the budget of true shapes', () => {
  // Squares of side 10: 40 px of outline, sampled every 0.1 px (length / 400), 400 samples each.
  const squares = (count: number) => [
    {
      color: { r: 0, g: 0, b: 0 },
      subpaths: Array.from({ length: count }, (_, i): Subpath => {
        const x = (i % 100) * 12;
        const y = Math.floor(i / 100) * 12;
        const to = (dx: number, dy: number): Segment => ({ kind: 'line', to: { x: x + dx, y: y + dy } });
        return { start: { x, y }, segments: [to(10, 0), to(10, 10), to(0, 10), to(0, 0)] };
      }),
    },
  ];
  const most = MAX_SHAPE_SAMPLES / 400;

  it('takes outlines up to the most samples it fits, and refuses more with what to change', () => {
    expect(() => assertShapesWithinBudget(squares(most))).not.toThrow();
    expect(() => assertShapesWithinBudget(squares(most + 10))).toThrow(
      new TraceError(
        'too-detailed',
        `This image has too much fine detail for true shapes (${most + 10} outlines): turn off True shapes, or trace it with fewer colors or the draft quality`,
      ),
    );
  });

  it('traces noise smaller before fitting true shapes to it (the settings weigh the cost estimate)', () => {
    const side = 360;
    const data = new Uint8Array(side * side * 4);
    let seed = 5;
    for (let i = 0; i < data.length; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      data[i] = i % 4 === 3 ? 255 : seed >>> 24;
    }
    const noise = { width: side, height: side, data };
    expect(trace(noise, { mode: 'color', colors: 32, shapes: true }).reducedBy).toBeGreaterThanOrEqual(4);
  });
});

describe('fitShapes', () => {
  it('turns a traced disc of radius 40 or 150 into two arcs within 1 % of its radius, at every position', () => {
    for (const r of [40, 150]) {
      const size = 2 * r + 40;
      for (const [dx, dy] of offsets.slice(0, 4)) {
        const [cx, cy] = [size / 2 + dx, size / 2 + dy];
        const model = shaped(`<circle cx="${cx}" cy="${cy}" r="${r}"/>`, size);
        const circle = circleOf(model.layers[0]?.subpaths[0] as Subpath);
        expect(circle, `r ${r} at ${cx}, ${cy}`).toBeDefined();
        expect(Math.abs((circle?.radius ?? 0) / r - 1)).toBeLessThan(0.01);
        expect(Math.hypot((circle?.center.x ?? 0) - cx, (circle?.center.y ?? 0) - cy)).toBeLessThan(0.2);
      }
    }
  });

  it('turns a traced disc of radius 10 into two arcs, within 1 % on average over 8 positions', () => {
    // The trace itself draws small discs up to 0.13 px small (1.3 % at radius 10): the arcs follow it.
    const errors = offsets.map(([dx, dy]) => {
      const model = shaped(`<circle cx="${30 + dx}" cy="${30 + dy}" r="10"/>`, 60);
      const circle = circleOf(model.layers[0]?.subpaths[0] as Subpath);
      expect(circle).toBeDefined();
      return Math.abs((circle?.radius ?? 0) / 10 - 1);
    });
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(0.01);
    expect(Math.max(...errors)).toBeLessThan(0.015);
  });

  it('turns an ellipse 5 % out of round into two elliptical arcs of its radii, not a circle', () => {
    const model = shaped('<ellipse cx="60.3" cy="60.6" rx="40" ry="38"/>', 120);
    const outline = model.layers[0]?.subpaths[0] as Subpath;
    expect(circleOf(outline)).toBeUndefined();
    const e = ellipseOf(outline);
    expect(e).toBeDefined();
    expect(Math.abs((e?.rx ?? 0) / 40 - 1)).toBeLessThan(0.01);
    expect(Math.abs((e?.ry ?? 0) / 38 - 1)).toBeLessThan(0.01);
    expect(Math.abs(e?.rotation ?? 1)).toBeLessThan(2);
  });

  it('turns a rotated ellipse into two elliptical arcs within 1 % of its radii and 1° of its turn', () => {
    for (const [dx, dy] of offsets.slice(0, 4)) {
      const [cx, cy] = [100 + dx, 100 + dy];
      const body = `<ellipse cx="${cx}" cy="${cy}" rx="80" ry="30" transform="rotate(30 ${cx} ${cy})"/>`;
      const e = ellipseOf(shaped(body, 200).layers[0]?.subpaths[0] as Subpath);
      expect(e).toBeDefined();
      const [big, small, turn] =
        (e?.rx ?? 0) >= (e?.ry ?? 0) ? [e?.rx, e?.ry, e?.rotation] : [e?.ry, e?.rx, (e?.rotation ?? 0) + 90];
      expect(Math.abs((big ?? 0) / 80 - 1)).toBeLessThan(0.01);
      expect(Math.abs((small ?? 0) / 30 - 1)).toBeLessThan(0.01);
      expect(Math.abs((((((turn ?? 0) - 30) % 180) + 270) % 180) - 90)).toBeLessThan(1);
      expect(Math.hypot((e?.center.x ?? 0) - cx, (e?.center.y ?? 0) - cy)).toBeLessThan(0.2);
    }
  });

  it('keeps a rounded square, a stadium and an egg as they are: they are no ellipse', () => {
    for (const body of [
      '<rect x="40" y="40" width="120" height="120" rx="40"/>',
      '<rect x="20" y="70" width="160" height="60" rx="30"/>',
      '<path d="M100 30 C150 30 170 110 150 140 C130 175 70 175 50 140 C30 110 50 30 100 30 Z"/>',
    ]) {
      const outline = shaped(body, 200).layers[0]?.subpaths[0] as Subpath;
      expect(ellipseOf(outline), body).toBeUndefined();
      expect(circleOf(outline), body).toBeUndefined();
    }
  });

  it('draws a rectangle as its 4 sides', () => {
    const [x, y, w, h] = [30.4, 50.3, 140, 90];
    const outline = shaped(`<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`, 200).layers[0]
      ?.subpaths[0] as Subpath;
    expect(kinds(outline)).toEqual(['line', 'line', 'line', 'line']);
    const truth = [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ];
    for (const p of outline.segments.map((s) => s.to)) {
      expect(
        Math.min(...truth.map(([tx, ty]) => Math.hypot(p.x - (tx as number), p.y - (ty as number)))),
      ).toBeLessThan(0.5);
    }
  });

  it('draws a rounded rectangle as 4 sides and 4 quarter arcs of its corner radius', () => {
    for (const [x, y, rx] of [
      [30.4, 50.3, 20],
      [30, 50, 20],
      [25.25, 40.5, 30],
    ] as const) {
      const outline = shaped(`<rect x="${x}" y="${y}" width="140" height="90" rx="${rx}"/>`, 200).layers[0]
        ?.subpaths[0] as Subpath;
      expect(kinds(outline).filter((k) => k === 'line')).toHaveLength(4);
      const arcs = arcsOf(outline);
      expect(arcs).toHaveLength(4);
      for (const arc of arcs) {
        expect(Math.abs(Math.abs(arc.sweep) - Math.PI / 2)).toBeLessThan((10 * Math.PI) / 180);
        expect(Math.abs(arc.radius / rx - 1)).toBeLessThan(0.15);
      }
    }
  });

  it('keeps every outline closed exactly and running its own way (holes against outlines)', () => {
    for (const body of Object.values(drawings)) {
      const before = plain(body, 400);
      const after = { ...before, layers: fitShapes(before.layers) };
      const outlines = before.layers[0]?.subpaths ?? [];
      (after.layers[0]?.subpaths ?? []).forEach((subpath, i) => {
        expect(subpath.segments.at(-1)?.to).toEqual(subpath.start);
        expect(Math.sign(signedArea(subpath))).toBe(Math.sign(signedArea(outlines[i] as Subpath)));
      });
    }
  });

  it('turns cubics that draw a circle or a quarter of one into arcs of its radius, keeping the ends', () => {
    const [circle] = fitShapes([{ color: black, subpaths: [disc(50, 50, 40)] }])[0]?.subpaths ?? [];
    expect(circleOf(circle as Subpath)?.radius).toBeCloseTo(40, 1);
    const quarter: Subpath = {
      ...disc(50, 50, 40),
      segments: disc(50, 50, 40).segments.slice(0, 1),
      open: true,
    };
    const fitted = fitShapes([{ color: black, subpaths: [quarter], stroke: 2, fill: false }])[0]?.subpaths[0];
    if (!fitted) throw new Error('no subpath');
    expect(kinds(fitted)).toEqual(['arc']);
    expect(fitted.start).toEqual(quarter.start);
    expect(fitted.segments[0]?.to).toEqual(quarter.segments[0]?.to);
    expect((fitted.segments[0] as ArcSegment).radius).toBeCloseTo(40, 1);
  });
});

describe('exports with shapes', () => {
  const models = Object.fromEntries(
    Object.entries(drawings).map(([name, body]) => [
      name,
      { plain: plain(body, 400), shaped: shaped(body, 400) },
    ]),
  );

  it('writes arcs as SVG `a` commands and renders as the result without shapes does (IoU >= 0.99)', () => {
    for (const [name, { plain, shaped }] of Object.entries(models)) {
      const svg = toSvg(shaped);
      expect(svg, name).toMatch(/a[\d.]+ [\d.]+ -?[\d.]+ [01] [01]/);
      expect(iou(renderSvgMask(toSvg(plain), 800), renderSvgMask(svg, 800)), name).toBeGreaterThanOrEqual(
        0.99,
      );
    }
  });

  it('renders the same in EPS (Ghostscript) and PDF (pdftoppm) as in SVG', () => {
    for (const [name, { shaped }] of Object.entries(models)) {
      const svg = renderSvgMask(toSvg(shaped), 800);
      const eps = rasterizeEps(toEps(shaped), 144);
      expect(eps.messages).toBe('');
      // As close as Ghostscript and pdftoppm come to resvg on the same curves drawn as cubics.
      expect(iou(darkMask(eps), svg), `${name} EPS`).toBeGreaterThanOrEqual(0.99);
      expect(iou(darkMask(rasterizePdf(toPdf(shaped), 144)), svg), `${name} PDF`).toBeGreaterThanOrEqual(
        0.99,
      );
    }
  });

  it('reads back what it wrote: writing the read model again gives the same SVG', () => {
    for (const { shaped } of Object.values(models)) {
      for (const precision of [0, 2, 5]) {
        const svg = toSvg(shaped, { precision });
        expect(toSvg(readSvg(svg), { precision })).toBe(svg);
      }
    }
  });

  it('writes circles as DXF CIRCLEs at their centre (y up) and radius, also from the SVG read back', () => {
    const { shaped: model } = models.plate as { shaped: VectorImage };
    const holes = [
      [70, 110],
      [330, 110],
      [70, 290],
      [330, 290],
    ];
    for (const dxf of [toDxf(model), toDxf(readSvg(toSvg(model)))]) {
      const circles = parseDxf(dxf).entities.filter((e): e is ICircleEntity => e.type === 'CIRCLE');
      // The four holes (the trace of the middle one may be too lumpy for a circle).
      expect(circles.length).toBeGreaterThanOrEqual(4);
      for (const [x, y] of holes) {
        const found = circles.find(
          (c) => Math.hypot(c.center.x - (x as number), c.center.y - (400 - (y as number))) < 0.3,
        );
        expect(found, `hole at ${x}, ${y}`).toBeDefined();
        expect(Math.abs((found?.radius ?? 0) / 15 - 1)).toBeLessThan(0.02);
      }
    }
    // In millimetres, the radius scales with the drawing.
    const mm = parseDxf(toDxf(model, { size: { width: 100, unit: 'mm' } }));
    const radii = mm.entities.filter((e): e is ICircleEntity => e.type === 'CIRCLE').map((c) => c.radius);
    expect(Math.min(...radii)).toBeCloseTo((Math.min(...radiiOf(model)) * 100) / 400, 2);
  });

  it('writes ellipses as DXF ELLIPSEs: centre, major axis and ratio, y up, also from the SVG read back', () => {
    const { shaped: model } = models.ellipses as { shaped: VectorImage };
    for (const dxf of [toDxf(model), toDxf(readSvg(toSvg(model)))]) {
      const ellipses = parseDxf(dxf).entities.filter((e) => e.type === 'ELLIPSE') as unknown as {
        center: Point;
        majorAxisEndPoint: Point;
        axisRatio: number;
      }[];
      expect(ellipses).toHaveLength(3);
      const [big, hole, upright] = [
        [140, 150, 100, 60, 25],
        [140, 150, 40, 20, -40],
        [300.4, 290.7, 80, 50, 90],
      ].map(([x, y, a, b, turn]) =>
        ellipses.find(
          (e) =>
            Math.hypot(e.center.x - (x as number), e.center.y - (400 - (y as number))) < 0.3 &&
            Math.abs(Math.hypot(e.majorAxisEndPoint.x, e.majorAxisEndPoint.y) / (a as number) - 1) < 0.01 &&
            Math.abs(e.axisRatio - (b as number) / (a as number)) < 0.01 &&
            // y up: a turn clockwise on screen is counterclockwise in the file.
            Math.abs(
              (((((Math.atan2(-e.majorAxisEndPoint.y, e.majorAxisEndPoint.x) * 180) / Math.PI -
                (turn as number)) %
                180) +
                270) %
                180) -
                90,
            ) < 1,
        ),
      );
      expect([big, hole, upright].every(Boolean)).toBe(true);
    }
  });

  it('writes other arcs as LWPOLYLINE bulges that draw the same curve', () => {
    const { shaped: model } = models.plate as { shaped: VectorImage };
    const entities = parseDxf(toDxf(model)).entities;
    const outlines = entities.filter((e): e is ILwpolylineEntity => e.type === 'LWPOLYLINE');
    expect(outlines.some((e) => e.vertices.some((v) => v.bulge !== undefined))).toBe(true);
    // Each polyline, bulges drawn as arcs, lies on the model's curve (y flipped back).
    const curves = (model.layers[0]?.subpaths ?? []).map((s) => flattenSubpath(s, 0.01));
    for (const outline of outlines) {
      const polyline = bulgedPolyline(outline, 400);
      const distances = polyline.map((p) => Math.min(...curves.map((c) => distanceToPolygon(p, c))));
      expect(Math.max(...distances)).toBeLessThan(0.1);
    }
  });

  it('writes a lone open arc as an ARC and a lone open line as a LINE', () => {
    const arc: ArcSegment = { kind: 'arc', radius: 30, large: false, sweep: true, to: { x: 80, y: 50 } };
    const model = image(100, 100, [
      {
        color: black,
        stroke: 2,
        fill: false,
        subpaths: [
          { start: { x: 20, y: 50 }, segments: [arc], open: true },
          { start: { x: 10, y: 90 }, segments: [{ kind: 'line', to: { x: 90, y: 80 } }], open: true },
        ],
      },
    ]);
    const entities = parseDxf(toDxf(model)).entities;
    const [a] = entities.filter((e): e is IArcEntity => e.type === 'ARC');
    const [line] = entities.filter((e): e is ILineEntity => e.type === 'LINE');
    // A half circle over the top on screen: centre (50, 50), y up it runs from 0° to 180°.
    expect(a?.center.x).toBeCloseTo(50, 3);
    expect(a?.center.y).toBeCloseTo(50, 3);
    expect(a?.radius).toBeCloseTo(30, 3);
    expect(a?.startAngle).toBeCloseTo(0, 5);
    expect(a?.endAngle).toBeCloseTo(Math.PI, 5);
    expect(line?.vertices.map((v) => [v.x, v.y])).toEqual([
      [10, 10],
      [90, 20],
    ]);
  });

  it('draws an arc on the side its flags say, in every format', () => {
    // From (20,50) to (80,50) clockwise on screen: over the top, a half disc above y = 50.
    const arc: Segment = { kind: 'arc', radius: 30, large: false, sweep: true, to: { x: 80, y: 50 } };
    const model = image(100, 100, [
      {
        color: black,
        subpaths: [{ start: { x: 20, y: 50 }, segments: [arc, { kind: 'line', to: { x: 20, y: 50 } }] }],
      },
    ]);
    const svg = renderSvgMask(toSvg(model), 400);
    expect(svg[120 * 400 + 200]).toBe(1); // model (50, 30): inside
    expect(svg[280 * 400 + 200]).toBe(0); // model (50, 70): outside
    expect(iou(darkMask(rasterizeEps(toEps(model), 288)), svg)).toBeGreaterThanOrEqual(0.995);
    expect(iou(darkMask(rasterizePdf(toPdf(model), 288)), svg)).toBeGreaterThanOrEqual(0.995);
  });
});

function radiiOf(model: VectorImage): number[] {
  return (model.layers[0]?.subpaths ?? []).map(circleOf).flatMap((c) => (c ? [c.radius] : []));
}

/** A DXF polyline as points in model coordinates, each bulged edge as an arc of fine chords. */
function bulgedPolyline(entity: ILwpolylineEntity, height: number): Point[] {
  const points: Point[] = [];
  const vertices = entity.vertices;
  vertices.forEach((v, i) => {
    const w = vertices[(i + 1) % vertices.length];
    const a = { x: v.x, y: height - v.y };
    points.push(a);
    if (!w || (!entity.shape && i === vertices.length - 1) || !v.bulge) return;
    const b = { x: w.x, y: height - w.y };
    // The bulge's sign is for y up: flipping y turns a counterclockwise arc clockwise on screen.
    const angle = 4 * Math.atan(v.bulge);
    const segment: ArcSegment = {
      kind: 'arc',
      radius: Math.hypot(b.x - a.x, b.y - a.y) / 2 / Math.abs(Math.sin(angle / 2)),
      large: Math.abs(angle) > Math.PI,
      sweep: angle < 0,
      to: b,
    };
    points.push(...flattenArc(a, segment, 0.01).slice(0, -1));
  });
  return points;
}

function distanceToPolygon(p: Point, polygon: Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length] as Point;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  });
  return best;
}
