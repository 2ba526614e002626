import { TraceError } from '../errors.js';
import { type ArcSegment, arcGeometry, pointAt, tangentAt } from '../geometry/arc.js';
import type { Layer, Point, Segment, Subpath } from '../model.js';
import { assemble } from './assemble.js';
import { roundCorners } from './fillet.js';
import { fitCircle } from './fit.js';
import { type EllipseFit, fitEllipse } from './fit-ellipse.js';
import { type Samples, sampleSubpath } from './samples.js';
import { type Piece, segmentRun, type Tolerances } from './segment.js';

/**
 * A join where the curve turns by this much or more is a corner that no line or arc crosses, nor
 * a circle. Gentler joins may be where a traced round corner was cut into pieces.
 */
const CORNER = (60 * Math.PI) / 180;
/** How far a line or an arc may stray from the traced curve, px, at most... */
const DEVIATION = 0.5;
/**
 * ...and on average (a trace's lumps are local, a curve that is not an arc strays all along):
 * 0.08 px on a short piece, up to 0.2 px on one of 67 px or more.
 */
const MEAN_DEVIATION = { short: 0.08, perPixel: 0.003, long: 0.2 };
/**
 * How far a circle may stray from the traced curve: 3 % of its radius (a trace has lumps of up
 * to 1 px on a circle of 40 px), at least 0.8 px and at most 1.5 px (a flat on a shaft is kept)...
 */
const CIRCLE_MAX = { least: 0.8, share: 0.03, most: 1.5 };
/** ...and this far on average (so an ellipse 2.5 % out of round stays one). */
const CIRCLE_MEAN = { px: 0.12, share: 0.004 };
/** How far an arc that rounds a corner between two sides may stray (see Tolerances.corner). */
const ROUND_CORNER = { max: 1, mean: 0.3 };
/**
 * Outlines thinner than this (px, twice their area over their length: a stroke's width) are held
 * to tolerances smaller in proportion, down to 0.4 of them: half a pixel is much of a 3 px stroke.
 */
const THIN = 8;
/** The least an arc turns through. */
const MIN_SWEEP = (20 * Math.PI) / 180;

/**
 * The most samples the shapes of one result are fitted on. Fitting takes 3-10 µs a sample (a
 * logo's smooth outlines 3, a photo's wiggly ones 10): about 25 s at most. A logo or a drawing
 * has tens of thousands to a million; a photo in 32 colors two million and more, a 900 px square
 * of noise tens of millions (it took over 200 CPU-seconds).
 */
export const MAX_SHAPE_SAMPLES = 2_500_000;

/**
 * Refuses, with what to change, true shapes for a result whose outlines would take more than
 * MAX_SHAPE_SAMPLES to fit: lines, circles and arcs are for logos and drawings, not for the
 * grain of a photo or noise.
 */
export function assertShapesWithinBudget(layers: Layer[]): void {
  let samples = 0;
  for (const layer of layers) {
    for (const subpath of layer.subpaths)
      samples += subpathLength(subpath) / sampleSpacing(subpathLength(subpath));
  }
  if (samples <= MAX_SHAPE_SAMPLES) return;
  const outlines = layers.reduce((sum, layer) => sum + layer.subpaths.length, 0);
  throw new TraceError(
    'too-detailed',
    `This image has too much fine detail for true shapes (${outlines} outlines): turn off True shapes, or trace it with fewer colors or the draft quality`,
  );
}

/**
 * Replaces what the curves draw by the shapes they are: a closed curve that stays near one
 * circle by two arcs, and elsewhere each stretch that is straight by a line and each that follows
 * a circle by an arc, between the curve's corners; the rest stays as it was. Outlines keep their
 * direction (the fill rule depends on it) and closed ones still end where they start.
 */
export function fitShapes(layers: Layer[]): Layer[] {
  return layers.map((layer) => ({
    ...layer,
    subpaths: layer.subpaths.map((s) => fitSubpath(s, layer.stroke)),
  }));
}

/** One subpath's shapes; `stroke`, the width its layer is stroked with, if it is. */
export function fitSubpath(subpath: Subpath, stroke?: number): Subpath {
  if (subpath.segments.length === 0) return subpath;
  const length = subpathLength(subpath);
  if (!(length > 0)) return subpath;
  const spacing = sampleSpacing(length);
  const s = sampleSubpath(subpath, spacing);
  const corners = cornerSamples(subpath, s);
  if (!subpath.open) {
    const whole = asCircle(s, corners) ?? asEllipse(s, corners);
    if (whole) return whole;
  }
  const f = Math.min(1, Math.max(0.4, thickness(s, stroke) / THIN));
  const tol: Tolerances = {
    deviation: DEVIATION * f,
    mean: {
      short: MEAN_DEVIATION.short * f,
      perPixel: MEAN_DEVIATION.perPixel * f,
      long: MEAN_DEVIATION.long * f,
    },
    corner: { max: ROUND_CORNER.max * f, mean: ROUND_CORNER.mean * f },
    spacing,
    minSamples: Math.max(3, Math.ceil(1.5 / spacing)),
    minLength: 2,
    minSweep: MIN_SWEEP,
    reach: Math.ceil(8 / spacing),
  };
  const sharp = new Set(corners.map((c) => c.index));
  const pieces = roundCorners(s, segment(s, corners, tol), tol, (i) => sharp.has(i % s.count));
  if (pieces.every((p) => !p.fit)) return subpath;
  return assemble(subpath, s, pieces, sharp, tol);
}

/**
 * How thick the shape a subpath draws is: a stroke's width, or for an outline twice its area over
 * its length (a stroke's width again for a long thin one, the radius for a disc).
 */
function thickness(s: Samples, stroke: number | undefined): number {
  if (!s.closed) return stroke ?? Number.POSITIVE_INFINITY;
  let area = 0;
  let length = 0;
  for (let i = 0; i < s.count; i++) {
    const j = (i + 1) % s.count;
    const [x0, y0, x1, y1] = [s.x[i], s.y[i], s.x[j], s.y[j]] as number[];
    area += (x0 as number) * (y1 as number) - (x1 as number) * (y0 as number);
    length += Math.hypot((x1 as number) - (x0 as number), (y1 as number) - (y0 as number));
  }
  return length > 0 ? Math.abs(area) / length : 0;
}

/** The length of a subpath's chords, px. */
function subpathLength(subpath: Subpath): number {
  return subpath.segments.reduce(
    (sum, seg, i) => sum + Math.hypot(seg.to.x - fromOf(subpath, i).x, seg.to.y - fromOf(subpath, i).y),
    0,
  );
}

/** The distance between samples of an outline this long: dense enough for small ones, at most every half pixel. */
const sampleSpacing = (length: number) => Math.min(0.5, Math.max(0.05, length / 400));

const fromOf = ({ start, segments }: Subpath, i: number): Point =>
  i === 0 ? start : (segments[i - 1] as Segment).to;

interface Corner {
  index: number;
  turn: number;
}

/** The samples at joins where the curve turns sharply, and how much it turns there. */
function cornerSamples(subpath: Subpath, s: Samples): Corner[] {
  const { segments, open } = subpath;
  const corners: Corner[] = [];
  for (let k = open ? 1 : 0; k < segments.length; k++) {
    const before = (k + segments.length - 1) % segments.length;
    const incoming = tangent(fromOf(subpath, before), segments[before] as Segment, 1);
    const outgoing = tangent(fromOf(subpath, k), segments[k] as Segment, 0);
    if (!incoming || !outgoing) continue;
    const turn = Math.abs(
      Math.atan2(
        incoming.x * outgoing.y - incoming.y * outgoing.x,
        incoming.x * outgoing.x + incoming.y * outgoing.y,
      ),
    );
    if (turn >= CORNER) corners.push({ index: s.segmentStart[k] as number, turn });
  }
  return corners;
}

/** The direction a segment leaves its start (t 0) or reaches its end (t 1); undefined if none. */
function tangent(from: Point, seg: Segment, t: 0 | 1): Point | undefined {
  const dir = (a: Point, b: Point) =>
    a.x === b.x && a.y === b.y ? undefined : { x: b.x - a.x, y: b.y - a.y };
  if (seg.kind === 'line') return dir(from, seg.to);
  if (seg.kind === 'cubic') {
    return t === 0
      ? (dir(from, seg.c1) ?? dir(from, seg.c2) ?? dir(from, seg.to))
      : (dir(seg.c2, seg.to) ?? dir(seg.c1, seg.to) ?? dir(from, seg.to));
  }
  const g = arcGeometry(from, seg);
  if (!g) return dir(from, seg.to);
  const along = tangentAt(g, g.startAngle + (t === 0 ? 0 : g.sweep));
  const sign = Math.sign(g.sweep);
  return { x: along.x * sign, y: along.y * sign };
}

/**
 * Two arcs, in the curve's own direction, when the whole closed curve keeps near one circle and
 * goes once round it without a sharp corner.
 */
function asCircle(s: Samples, corners: Corner[]): Subpath | undefined {
  if (corners.length > 0) return undefined;
  // The closing sample (the start again) makes the turn a whole one.
  const fit = fitCircle(s, 0, s.count);
  if (!fit?.monotonic || Math.abs(Math.abs(fit.sweep) - 2 * Math.PI) > 0.1) return undefined;
  if (fit.deviation > Math.max(CIRCLE_MAX.least, Math.min(CIRCLE_MAX.most, CIRCLE_MAX.share * fit.radius)))
    return undefined;
  if (fit.meanDeviation > Math.max(CIRCLE_MEAN.px, CIRCLE_MEAN.share * fit.radius)) return undefined;
  const clockwise = fit.sweep > 0;
  const start = pointAt(fit, 0);
  // A quarter and three quarters: two half circles would leave each centre ill-defined by its
  // ends once they are rounded in a file.
  const quarter = pointAt(fit, clockwise ? Math.PI / 2 : -Math.PI / 2);
  const arc = (large: boolean, to: Point): ArcSegment => ({
    kind: 'arc',
    radius: fit.radius,
    large,
    sweep: clockwise,
    to,
  });
  return { start, segments: [arc(false, quarter), arc(true, { ...start })] };
}

/**
 * Two elliptical arcs, in the curve's own direction, when the whole closed curve keeps near one
 * ellipse (as near as a circle must, by its smaller radius) and goes once round it without a
 * sharp corner.
 */
function asEllipse(s: Samples, corners: Corner[]): Subpath | undefined {
  if (corners.length > 0) return undefined;
  const e = fitEllipse(s.x, s.y, s.count, ({ ry }) => ({
    most: Math.max(CIRCLE_MAX.least, Math.min(CIRCLE_MAX.most, CIRCLE_MAX.share * ry)),
    mean: Math.max(CIRCLE_MEAN.px, CIRCLE_MEAN.share * ry),
  }));
  if (!e || e.ry < MIN_ELLIPSE || !onceRound(s, e)) return undefined;
  const clockwise = signedArea(s) > 0;
  const ellipse = { center: e.center, radius: e.rx, ry: e.ry, rotation: e.rotation };
  const start = pointAt(ellipse, 0);
  const quarter = pointAt(ellipse, clockwise ? Math.PI / 2 : -Math.PI / 2);
  const rotation = (e.rotation * 180) / Math.PI;
  const arc = (large: boolean, to: Point): ArcSegment => ({
    kind: 'arc',
    radius: e.rx,
    ry: e.ry,
    rotation,
    large,
    sweep: clockwise,
    to,
  });
  return { start, segments: [arc(false, quarter), arc(true, { ...start })] };
}

/** The least radius of an ellipse drawn as one: smaller round specks stay as traced. */
const MIN_ELLIPSE = 2;

/** Whether the samples go once round an ellipse's centre, every step the same way. */
function onceRound(s: Samples, e: EllipseFit): boolean {
  const cos = Math.cos(e.rotation);
  const sin = Math.sin(e.rotation);
  const angle = (i: number) => {
    const dx = (s.x[i] as number) - e.center.x;
    const dy = (s.y[i] as number) - e.center.y;
    return Math.atan2((-sin * dx + cos * dy) / e.ry, (cos * dx + sin * dy) / e.rx);
  };
  let total = 0;
  let sign = 0;
  let previous = angle(0);
  for (let i = 1; i <= s.count; i++) {
    const a = angle(i % s.count);
    let step = a - previous;
    if (step > Math.PI) step -= 2 * Math.PI;
    if (step < -Math.PI) step += 2 * Math.PI;
    if (step !== 0) {
      if (sign !== 0 && Math.sign(step) !== sign) return false;
      sign = Math.sign(step);
    }
    total += step;
    previous = a;
  }
  return Math.abs(Math.abs(total) - 2 * Math.PI) < 0.1;
}

/** Twice the area the samples enclose, positive when they run clockwise on screen (y down). */
function signedArea(s: Samples): number {
  let twice = 0;
  for (let i = 0; i < s.count; i++) {
    const j = (i + 1) % s.count;
    twice += (s.x[i] as number) * (s.y[j] as number) - (s.x[j] as number) * (s.y[i] as number);
  }
  return twice;
}

/** Pieces round the whole curve: from corner to corner, or from a good join all the way round. */
function segment(s: Samples, corners: Corner[], tol: Tolerances): Piece[] {
  const n = s.count;
  if (!s.closed) {
    const cuts = [0, ...corners.map((c) => c.index), n - 1];
    return cuts.slice(1).flatMap((b, i) => segmentRun(s, cuts[i] as number, b, tol));
  }
  if (corners.length > 0) {
    const cuts = [...corners.map((c) => c.index), (corners[0] as Corner).index + n];
    return cuts.slice(1).flatMap((b, i) => segmentRun(s, cuts[i] as number, b, tol));
  }
  // No corner to start from: a first pass finds the longest line or arc, whose start is a true
  // join, and the second starts there.
  const first = segmentRun(s, 0, n, tol, false);
  let longest: Piece | undefined;
  for (const p of first) if (p.fit && (!longest || p.b - p.a > longest.b - longest.a)) longest = p;
  if (!longest) return first;
  const from = longest.a % n;
  return segmentRun(s, from, from + n, tol);
}
