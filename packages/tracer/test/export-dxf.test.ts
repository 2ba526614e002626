import type { ILwpolylineEntity } from 'dxf-parser';
import { describe, expect, it } from 'vitest';
import { TraceError } from '../src/errors.js';
import { nearestAci } from '../src/export/aci.js';
import { toDxf } from '../src/export/dxf.js';
import { arcGeometry, pointAt } from '../src/geometry/arc.js';
import type { Point, Segment, Subpath } from '../src/model.js';
import { parseDxf } from './helpers/dxf.js';
import { black, blue, image, red, scenes, square } from './helpers/shapes.js';

/** The file's raw group code / value pairs. */
function tags(dxf: string): [number, string][] {
  const lines = dxf.split('\n');
  const pairs: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) pairs.push([Number(lines[i]), lines[i + 1]]);
  return pairs;
}

/** A polyline's vertices back in model coordinates (y down). */
function modelVertices(entity: ILwpolylineEntity, height: number): Point[] {
  return entity.vertices.map((v) => ({ x: v.x, y: height - v.y }));
}

function pointOnSegment(from: Point, seg: Segment, t: number): Point {
  if (seg.kind === 'line')
    return { x: from.x + (seg.to.x - from.x) * t, y: from.y + (seg.to.y - from.y) * t };
  if (seg.kind === 'arc') {
    const g = arcGeometry(from, seg);
    return g ? pointAt(g, g.startAngle + g.sweep * t) : seg.to;
  }
  const u = 1 - t;
  const w = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  const ps = [from, seg.c1, seg.c2, seg.to];
  return { x: ps.reduce((s, p, i) => s + w[i] * p.x, 0), y: ps.reduce((s, p, i) => s + w[i] * p.y, 0) };
}

/** Points every 1/200 of each segment of a subpath. */
function sample({ start, segments }: Subpath): Point[] {
  const points: Point[] = [];
  let from = start;
  for (const seg of segments) {
    for (let i = 0; i < 200; i++) points.push(pointOnSegment(from, seg, i / 200));
    from = seg.to;
  }
  return points;
}

function distanceToPolygon(p: Point, polygon: Point[]): number {
  let best = Number.POSITIVE_INFINITY;
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length];
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(p.x - a.x - t * dx, p.y - a.y - t * dy));
  });
  return best;
}

describe('toDxf', () => {
  it('reads back in dxf-parser as AC1018, unitless, with one layer per color', () => {
    const dxf = parseDxf(toDxf(scenes.twoColors));
    expect(dxf.header.$ACADVER).toBe('AC1018');
    expect(dxf.header.$INSUNITS).toBe(0);
    expect(Object.keys(dxf.tables.layer.layers).sort()).toEqual(['0', '1428C8', 'C81E1E']);
    expect(dxf.tables.layer.layers.C81E1E.colorIndex).toBe(nearestAci(red));
  });

  it('gives each layer its true color (420) and each entity its layer color', () => {
    const pairs = tags(toDxf(scenes.twoColors));
    const trueColors: [string, number][] = [];
    let name = '';
    for (const [code, value] of pairs) {
      if (code === 2) name = value;
      if (code === 420) trueColors.push([name, Number(value)]);
    }
    expect(trueColors).toEqual([
      ['C81E1E', (red.r << 16) | (red.g << 8) | red.b],
      ['1428C8', (blue.r << 16) | (blue.g << 8) | blue.b],
    ]);
  });

  it('writes one closed LWPOLYLINE per subpath, on its layer, and no background', () => {
    const dxf = parseDxf(toDxf(scenes.twoColors));
    expect(dxf.entities.map((e) => [e.type, e.layer, (e as ILwpolylineEntity).shape])).toEqual([
      ['LWPOLYLINE', 'C81E1E', true],
      ['LWPOLYLINE', '1428C8', true],
    ]);
  });

  it('puts polygon vertices where the model has them, y flipped so the drawing stands upright', () => {
    const model = scenes.squareWithHole;
    const entities = parseDxf(toDxf(model)).entities as ILwpolylineEntity[];
    expect(entities).toHaveLength(2);
    entities.forEach((entity, i) => {
      const { start, segments } = model.layers[0].subpaths[i];
      const expected = [start, ...segments.slice(0, -1).map((s) => s.to)];
      const got = modelVertices(entity, model.height);
      expect(got).toHaveLength(expected.length);
      const worst = Math.max(...got.map((p, j) => Math.hypot(p.x - expected[j].x, p.y - expected[j].y)));
      expect(worst).toBeLessThan(0.1);
    });
    // y up in the file: the outline's top edge (model y = 10) is at DXF y = 90
    expect(Math.max(...entities[0].vertices.map((v) => v.y))).toBe(90);
  });

  it('flattens curves to within 0.1 px of the disc, both ways', () => {
    const model = scenes.disc;
    const [entity] = parseDxf(toDxf(model)).entities as ILwpolylineEntity[];
    const polygon = modelVertices(entity, model.height);
    const curve = sample(model.layers[0].subpaths[0]);
    expect(Math.max(...curve.map((p) => distanceToPolygon(p, polygon)))).toBeLessThan(0.1);
    expect(Math.max(...polygon.map((p) => distanceToPolygon(p, curve)))).toBeLessThan(0.1);
    expect(polygon.length).toBeLessThan(200); // adaptive, not a fixed fine step
  });

  it('follows a smaller tolerance with more vertices and refuses a tolerance that is not positive', () => {
    const count = (tolerance: number) =>
      (parseDxf(toDxf(scenes.disc, { tolerance })).entities[0] as ILwpolylineEntity).vertices.length;
    expect(count(0.005)).toBeGreaterThan(count(0.05));
    for (const tolerance of [0, -1, Number.NaN])
      expect(() => toDxf(scenes.disc, { tolerance })).toThrow(TraceError);
  });

  it('gives every object its own handle, all below $HANDSEED', () => {
    const pairs = tags(toDxf(scenes.twoColors));
    const handles = pairs.filter(
      ([code], i) => (code === 5 || code === 105) && pairs[i - 1]?.[1] !== '$HANDSEED',
    );
    const values = handles.map(([, v]) => Number.parseInt(v, 16));
    expect(new Set(values).size).toBe(values.length);
    const seed = Number.parseInt(pairs[pairs.findIndex(([, v]) => v === '$HANDSEED') + 1][1], 16);
    expect(Math.max(...values)).toBeLessThan(seed);
  });

  it('ends with EOF and writes the same text for the same model', () => {
    const dxf = toDxf(scenes.twoColors);
    expect(dxf.endsWith('  0\nEOF\n')).toBe(true);
    expect(toDxf(scenes.twoColors)).toBe(dxf);
  });

  it('maps colors to the nearest AutoCAD index, black and white to 7', () => {
    expect(
      [black, { r: 255, g: 255, b: 255 }, { r: 255, g: 0, b: 0 }, { r: 76, g: 38, b: 38 }].map(nearestAci),
    ).toEqual([7, 7, 1, 19]);
    expect(toDxf(image(10, 10, [{ color: black, subpaths: [square(1, 1, 2)] }]))).toContain('\n000000\n');
  });
});
