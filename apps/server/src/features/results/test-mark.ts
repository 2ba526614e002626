import {
  flattenSubpath,
  isArtwork,
  type Layer,
  type Point,
  type Subpath,
  type VectorImage,
} from '@vectrace/tracer';
import { Clipper, Clipper64, ClipType, FillRule, type Path64, type Paths64 } from 'clipper2-ts';

/** Art with no area (lines only): bands this many steps apart across its box. */
const BANDS = 6;
/** The least distance between bands, in x + y (image pixels). */
const MIN_STEP = 8;
/** The share of the artwork the bands take out (each band's width, as a share of the step between them). */
const BAND_SHARE = 0.25;
/** Curves are cut as polylines within this distance of the curve, in image pixels. */
const FLATNESS = 0.1;
/** The cut works in whole numbers: this many per image pixel. */
const SCALE = 1000;

/** A band: the points whose x + y lies from `from` to `to`. */
export interface Band {
  from: number;
  to: number;
}

/**
 * The API's test mode: a result that shows the trace and is no use as artwork. Diagonal bands are
 * cut out of every shape, stroke and the background (Clipper2 subtracts them), so the file has
 * holes where the bands run: the mark is the geometry itself, and no layer, color or block of the
 * file can be deleted to get the clean trace back. Outlines the bands cross come out as polylines;
 * the others are kept as they are.
 */
export function withTestMark(model: VectorImage): VectorImage {
  const { width: w, height: h, background, ...rest } = model;
  // The background is a shape like the others: cut too, so the bands show through it as well.
  const frame: Layer[] = background ? [{ color: background, subpaths: [frameSubpath(w, h)] }] : [];
  const layers = [...frame, ...model.layers]
    // A stroke reaches half its width past its line: the cut reaches as far, so the gap stays the band's.
    .map((layer) => cutLayer(layer, markBands(model, (layer.stroke ?? 0) / 2)))
    .filter((layer) => layer.subpaths.length > 0);
  return {
    ...rest,
    width: w,
    height: h,
    layers,
    vectorCount: layers.reduce((n, layer) => n + (isArtwork(layer) ? layer.subpaths.length : 0), 0),
  };
}

/**
 * The bands of a result, along the lines x + y = c from the bottom-left to the top-right, across
 * the whole page, `widenBy` pixels wider on each side. They are fixed to the art, not to the image
 * or the art's box: one band is centered on the middle of the art's area, and they are as far
 * apart as the art's area says. An image with a margin added (or cropped), or with a dot added in
 * a corner, has its bands on the same parts of the art, so test results of such copies do not
 * fill each other's gaps.
 */
export function markBands(model: VectorImage, widenBy = 0): Band[] {
  const { center, step } = bandLattice(model);
  const half = (step * BAND_SHARE) / 2 + widenBy * Math.SQRT2;
  const margin = model.margin ?? 0;
  const [lowest, highest] = [-2 * margin - half, model.width + model.height + 2 * margin + half];
  const bands: Band[] = [];
  for (let k = Math.floor((lowest - center) / step); center + k * step <= highest; k++) {
    const c = center + k * step;
    if (c + half >= lowest) bands.push({ from: c - half, to: c + half });
  }
  return bands;
}

/**
 * Where the bands lie: `center` (in x + y) the middle of the art's filled area, `step` between
 * bands a third of the side of a square of that area. A dot beside a logo moves both by its share
 * of the area, a fraction of a pixel. Art with no area (lines only) goes by its box.
 */
function bandLattice(model: VectorImage): { center: number; step: number } {
  let [area, sum] = [0, 0];
  for (const layer of model.layers) {
    if (!isArtwork(layer) || layer.fill === false) continue;
    for (const subpath of layer.subpaths) {
      const { area: a, x, y } = areaOf(flattenSubpath(subpath, FLATNESS));
      area += Math.abs(a);
      sum += Math.abs(a) * (x + y);
    }
  }
  if (area >= 1) return { center: sum / area, step: Math.max(MIN_STEP, Math.sqrt(area) / 3) };
  const box = artBox(model);
  return { center: box.x + box.y + (box.width + box.height) / 2, step: (box.width + box.height) / BANDS };
}

/** A polygon's signed area and the middle of its area (shoelace). */
function areaOf(points: Point[]): { area: number; x: number; y: number } {
  let [twice, cx, cy] = [0, 0, 0];
  for (let i = 0; i < points.length; i++) {
    const a = points[i] as Point;
    const b = points[(i + 1) % points.length] as Point;
    const cross = a.x * b.y - b.x * a.y;
    twice += cross;
    cx += (a.x + b.x) * cross;
    cy += (a.y + b.y) * cross;
  }
  if (twice === 0) return { area: 0, x: 0, y: 0 };
  return { area: twice / 2, x: cx / (3 * twice), y: cy / (3 * twice) };
}

/** The box around the artwork's points and control points; the whole picture when it has none. */
function artBox(model: VectorImage): { x: number; y: number; width: number; height: number } {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const layer of model.layers) {
    if (!isArtwork(layer)) continue;
    for (const { start, segments } of layer.subpaths) {
      for (const seg of segments) {
        for (const p of seg.kind === 'cubic' ? [seg.c1, seg.c2, seg.to] : [seg.to]) {
          [left, top] = [Math.min(left, p.x), Math.min(top, p.y)];
          [right, bottom] = [Math.max(right, p.x), Math.max(bottom, p.y)];
        }
      }
      [left, top] = [Math.min(left, start.x), Math.min(top, start.y)];
      [right, bottom] = [Math.max(right, start.x), Math.max(bottom, start.y)];
    }
  }
  if (!(right > left && bottom > top)) return { x: 0, y: 0, width: model.width, height: model.height };
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The layer with the bands taken out: a filled one's areas, a stroked one's lines. */
function cutLayer(layer: Layer, bands: Band[]): Layer {
  const lines = layer.fill === false;
  const kept: Subpath[] = [];
  const crossed: Point[][] = [];
  let largest = 0;
  for (const subpath of layer.subpaths) {
    const points = flattenSubpath(subpath, FLATNESS);
    if (!lines && points.length < 3) continue;
    const reach = spanOf(points);
    if (bands.some((b) => b.from <= reach.from && reach.to <= b.to)) continue; // all in a band
    const crosses = bands.some((b) => b.from < reach.to && reach.from < b.to);
    if (crosses) crossed.push(lines && !subpath.open ? [...points, subpath.start] : points);
    else kept.push(subpath); // clear of every band: its curves stay
    const area = lines ? 0 : Clipper.area(toInts(points));
    if (Math.abs(area) > Math.abs(largest)) largest = area;
  }
  if (crossed.length === 0) return { ...layer, subpaths: kept };
  const clipper = new Clipper64();
  // Outer outlines and holes turn opposite ways: the cut's outer outlines turn as the layer's do
  // (its largest outline is an outer one), so kept holes stay holes.
  clipper.reverseSolution = largest < 0;
  if (lines) clipper.addOpenSubject(crossed.map(toInts));
  else clipper.addSubject(crossed.map(toInts));
  clipper.addClip(bands.map((band) => toInts(bandPolygon(band, layer))));
  const closed: Paths64 = [];
  const open: Paths64 = [];
  clipper.execute(ClipType.Difference, FillRule.NonZero, closed, open);
  const cut = lines
    ? open
        .filter((path) => path.length >= 2)
        .map((path) => ({ ...polylineSubpath(toPoints(path)), open: true as const }))
    : closed.filter((path) => path.length >= 3).map((path) => polygonSubpath(toPoints(path)));
  return { ...layer, subpaths: [...kept, ...cut] };
}

/** The least and the most x + y of the points. */
function spanOf(points: Point[]): Band {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const { x, y } of points) {
    from = Math.min(from, x + y);
    to = Math.max(to, x + y);
  }
  return { from, to };
}

/** The band as a polygon reaching past every point of the layer. */
function bandPolygon({ from, to }: Band, layer: Layer): Point[] {
  let reach = 1;
  for (const { start, segments } of layer.subpaths)
    for (const p of [start, ...segments.map((s) => s.to)])
      reach = Math.max(reach, Math.abs(p.x), Math.abs(p.y));
  reach *= 4;
  const along = (c: number, t: number): Point => ({ x: c / 2 + t, y: c / 2 - t });
  return [along(from, -reach), along(from, reach), along(to, reach), along(to, -reach)];
}

const frameSubpath = (w: number, h: number): Subpath =>
  polygonSubpath([
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ]);

const toInts = (points: Point[]): Path64 =>
  points.map(({ x, y }) => ({ x: Math.round(x * SCALE), y: Math.round(y * SCALE) }));
const toPoints = (path: Path64): Point[] => path.map(({ x, y }) => ({ x: x / SCALE, y: y / SCALE }));

function polygonSubpath(points: Point[]): Subpath {
  const [start, ...rest] = points as [Point, ...Point[]];
  return { start, segments: [...rest, start].map((to) => ({ kind: 'line' as const, to })) };
}

function polylineSubpath(points: Point[]): Subpath {
  const [start, ...rest] = points as [Point, ...Point[]];
  return { start, segments: rest.map((to) => ({ kind: 'line' as const, to })) };
}
