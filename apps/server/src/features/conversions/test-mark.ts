import { isArtwork, type Layer, type Point, type Subpath, type VectorImage, flattenSubpath } from '@vectrace/tracer';
import { Clipper64, ClipType, FillRule, type Path64, type Paths64 } from 'clipper2-ts';

/** Bands across the picture, one per this share of its diagonal. */
const BANDS = 6;
/** Each band's width, as a share of the shorter side. */
const BAND_WIDTH = 0.06;
/** Curves are cut as polylines within this distance of the curve, in image pixels. */
const FLATNESS = 0.1;
/** The cut works in whole numbers: this many per image pixel. */
const SCALE = 1000;

/**
 * The API's test mode: a result that shows the trace and is no use as artwork. Diagonal bands are
 * cut out of every shape, stroke and the background, so the file has holes where the bands run:
 * the mark is the geometry itself, and no layer, color or block of the file can be deleted to get
 * the clean trace back. Curves come out as polylines.
 */
export function withTestMark(model: VectorImage): VectorImage {
  const { width: w, height: h, background, ...rest } = model;
  const bands = bandPolygons(w, h);
  // The background is a shape like the others: cut too, so the bands show through it as well.
  const frame: Layer[] = background
    ? [{ color: background, subpaths: [polygonSubpath([{ x: 0, y: 0 }, { x: w, y: 0 }, { x: w, y: h }, { x: 0, y: h }])] }]
    : [];
  const layers = [...frame, ...model.layers]
    .map((layer) => cutLayer(layer, bands))
    .filter((layer) => layer.subpaths.length > 0);
  return {
    ...rest,
    width: w,
    height: h,
    layers,
    vectorCount: layers.reduce((n, layer) => n + (isArtwork(layer) ? layer.subpaths.length : 0), 0),
  };
}

/** The bands, along the lines x + y = c from the bottom-left to the top-right, reaching past the frame. */
export function bandPolygons(w: number, h: number): Point[][] {
  const half = ((Math.min(w, h) * BAND_WIDTH) / 2) * Math.SQRT2; // in units of x + y
  const step = (w + h) / BANDS;
  const reach = w + h;
  const along = (c: number, t: number): Point => ({ x: c / 2 + t, y: c / 2 - t });
  const bands: Point[][] = [];
  for (let i = 1; i < BANDS; i++) {
    const c = i * step;
    bands.push([along(c - half, -reach), along(c - half, reach), along(c + half, reach), along(c + half, -reach)]);
  }
  return bands;
}

/** The layer with the bands taken out: a filled one's areas, a stroked one's lines. */
function cutLayer(layer: Layer, bands: Point[][]): Layer {
  const clipper = new Clipper64();
  const lines = layer.fill === false;
  for (const subpath of layer.subpaths) {
    const points = flattenSubpath(subpath, FLATNESS);
    if (lines) clipper.addOpenSubject([toInts(subpath.open ? points : [...points, subpath.start])]);
    else if (points.length >= 3) clipper.addSubject([toInts(points)]);
  }
  clipper.addClip(bands.map(toInts));
  const closed: Paths64 = [];
  const open: Paths64 = [];
  // Outer outlines and holes come out turning opposite ways, as the model has them.
  clipper.execute(ClipType.Difference, FillRule.NonZero, closed, open);
  const subpaths = lines
    ? open.filter((path) => path.length >= 2).map((path) => ({ ...polylineSubpath(toPoints(path)), open: true as const }))
    : closed.filter((path) => path.length >= 3).map((path) => polygonSubpath(toPoints(path)));
  return { ...layer, subpaths };
}

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
