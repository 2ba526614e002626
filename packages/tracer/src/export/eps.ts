import { type ArcSegment, arcGeometry, arcToCubics, isCircular } from '../geometry/arc.js';
import type { Color, Layer, Point, Subpath, VectorImage } from '../model.js';
import { type Fixed, fixed, formatRgb, formatUnits, toUnits } from './fixed.js';
import { Pieces } from './pieces.js';
import { isShaded, shadingDictionary } from './shading.js';
import { formatLength, type OutputSize, pageOf, pointsPerPixel } from './size.js';

/** Options of {@link toEps}. */
export interface EpsOptions {
  /** Decimals kept in coordinates, 0-8; default 2. */
  precision?: number;
  /**
   * The image's physical width, the bounding box following (larger by the margin of a page grown
   * round a cut contour); default one point per image pixel.
   */
  size?: OutputSize;
}

// Short names keep the body small. `l` and `c` are relative (rlineto, rcurveto): offsets from the
// previous rounded point are shorter than absolute coordinates and cannot drift (see fixed.ts).
// They live in a dictionary of their own so that a document embedding the EPS keeps its names.
// Arcs are absolute (`a` counterclockwise, `n` clockwise, y up), each followed by `L`, a lineto to
// its end point as rounded, so that the relative offsets after it start from there again.
const PROLOG = [
  '/Vectrace 12 dict def Vectrace begin',
  '/m {moveto} bind def /l {rlineto} bind def /c {rcurveto} bind def',
  '/a {arc} bind def /n {arcn} bind def /L {lineto} bind def',
  '/z {closepath} bind def /f {fill} bind def /k {setrgbcolor} bind def',
  '/s {setlinewidth 1 setlinecap 1 setlinejoin stroke} bind def /b {gsave fill grestore s} bind def',
  'end',
];

/**
 * Writes the model as Encapsulated PostScript (EPSF 3.0, level 2): one point per input pixel, or
 * the bounding box at the asked size with the drawing scaled to it.
 */
export function toEps(model: VectorImage, options: EpsOptions = {}): string {
  const f = fixed(options.precision ?? 2, 'EPS');
  const w = formatUnits(toUnits(model.width, f), f);
  const h = formatUnits(toUnits(model.height, f), f);
  const scale = pointsPerPixel(model, options.size);
  const page = pageOf(model);
  const margin = toUnits(page.margin, f);
  const [boxW, boxH] = options.size
    ? [formatLength(page.width * scale), formatLength(page.height * scale)]
    : [toUnits(model.width, f) + 2 * margin, toUnits(model.height, f) + 2 * margin].map((u) =>
        formatUnits(u, f),
      );
  const head = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    '%%Creator: Vectrace',
    `%%BoundingBox: 0 0 ${Math.ceil(page.width * scale)} ${Math.ceil(page.height * scale)}`,
    `%%HiResBoundingBox: 0 0 ${boxW} ${boxH}`,
    // Gradients are LanguageLevel 3's shfill.
    `%%LanguageLevel: ${model.layers.some(isShaded) ? 3 : 2}`,
    '%%DocumentData: Clean7Bit',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    ...PROLOG,
    '%%EndProlog',
    '%%Page: 1 1',
    'Vectrace begin',
  ];
  const file = new Pieces();
  file.line(...head);
  if (options.size) file.line(`${formatLength(scale)} dup scale`);
  // The image's corner moves in by the margin; its drawing keeps the image's coordinates.
  if (margin) file.line(`${formatUnits(margin, f)} dup translate`);
  if (model.background) file.line(`${formatRgb(model.background)} k 0 0 ${w} ${h} rectfill`);
  for (const layer of model.layers) {
    const paths = layer.subpaths.filter((s) => s.segments.length > 0);
    if (paths.length === 0) continue;
    if (isShaded(layer)) {
      // The outlines clip (nonzero, as `f` fills) the shading painted through them.
      file.line('gsave');
      for (const subpath of paths) subpathOps(subpath, model.height, f, file);
      file.line('clip newpath', `${shadingDictionary(layer.gradient, model.height, f)} shfill`, 'grestore');
      continue;
    }
    file.line(`${formatRgb(onWhite(layer))} k`);
    for (const subpath of paths) subpathOps(subpath, model.height, f, file);
    file.line(paintOp(layer, f));
  }
  // EPSF 3.0 allows showpage; the importing program disables it, a printer or viewer needs it.
  file.line('end', 'showpage', '%%Trailer', '%%EOF');
  return file.text();
}

/** Fill (`f`), stroke (`width s`) or both (`width b`): see the prolog. */
function paintOp(layer: Layer, f: Fixed): string {
  if (layer.stroke === undefined) return 'f';
  return `${formatUnits(toUnits(layer.stroke, f), f)} ${layer.fill === false ? 's' : 'b'}`;
}

/**
 * A layer's color as it shows on white paper: PostScript level 2 paints opaquely, so a
 * semi-transparent layer is mixed with white.
 */
function onWhite({ color, opacity = 1 }: Layer): Color {
  const mix = (v: number) => v * opacity + 255 * (1 - opacity);
  return { r: mix(color.r), g: mix(color.g), b: mix(color.b) };
}

/**
 * One subpath as PostScript, y flipped (PostScript's y axis points up), an operator a line: DSC
 * wants lines under 256 characters, and a newline costs what a space does.
 */
function subpathOps({ start, segments, open }: Subpath, height: number, f: Fixed, ops: Pieces): void {
  const fy = (y: number) => toUnits(height - y, f);
  const sx = toUnits(start.x, f);
  const sy = fy(start.y);
  const n = (u: number) => formatUnits(u, f);
  ops.line(`${n(sx)} ${n(sy)} m`);
  let x = sx;
  let y = sy;
  let from = start;
  const cubic = (c1: Point, c2: Point, tx: number, ty: number) => {
    const c = [toUnits(c1.x, f) - x, fy(c1.y) - y, toUnits(c2.x, f) - x, fy(c2.y) - y];
    ops.line(`${[...c, tx - x, ty - y].map(n).join(' ')} c`);
    x = tx;
    y = ty;
  };
  segments.forEach((seg, i) => {
    const last = !open && i === segments.length - 1;
    const to = last ? start : seg.to;
    const tx = last ? sx : toUnits(seg.to.x, f);
    const ty = last ? sy : fy(seg.to.y);
    if (seg.kind === 'line') {
      if (!last && (tx !== x || ty !== y)) ops.line(`${n(tx - x)} ${n(ty - y)} l`); // closepath draws the closing line
    } else if (seg.kind === 'arc' && isCircular(seg)) {
      // An arc that ends where it starts draws nothing.
      if (tx !== x || ty !== y) ops.line(arcOp(x, y, tx, ty, seg, f));
    } else if (seg.kind === 'arc') {
      // PostScript's arcs are circular: an ellipse's are cubics of at most 90°.
      const pieces = arcToCubics(from, { ...seg, to });
      for (const [k, p] of pieces.entries()) {
        const end = k === pieces.length - 1;
        cubic(p.c1, p.c2, end ? tx : toUnits(p.to.x, f), end ? ty : fy(p.to.y));
      }
    } else cubic(seg.c1, seg.c2, tx, ty);
    x = tx;
    y = ty;
    from = to;
  });
  if (!open) ops.line('z');
}

const degrees = fixed(4, 'EPS');

/**
 * An arc between two rounded points (units, y up) as `cx cy r a1 a2 a|n x y L`: its circle from
 * those very points, so that it starts and ends on them; `l` when it is straight or too short for
 * its angle to show in 4 decimals of a degree.
 */
function arcOp(x: number, y: number, tx: number, ty: number, seg: ArcSegment, f: Fixed): string {
  const n = (u: number) => formatUnits(u, f);
  const line = `${n(tx - x)} ${n(ty - y)} l`;
  // The circle is found with y negated, back in the y-down frame that the flags are read in.
  const from = { x: x / f.scale, y: -y / f.scale };
  const g = arcGeometry(from, {
    ...seg,
    radius: toUnits(seg.radius, f) / f.scale,
    to: { x: tx / f.scale, y: -ty / f.scale },
  });
  if (!g) return line;
  const turn = toUnits((g.sweep * 180) / Math.PI, degrees);
  if (turn === 0) return line;
  // Angles are y up: the negatives of the y-down ones above.
  const start = toUnits((-g.startAngle * 180) / Math.PI, degrees);
  const center = `${n(toUnits(g.center.x, f))} ${n(toUnits(-g.center.y, f))}`;
  const angles = `${formatUnits(start, degrees)} ${formatUnits(start - turn, degrees)}`;
  return `${center} ${n(toUnits(g.radius, f))} ${angles} ${turn > 0 ? 'n' : 'a'} ${n(tx)} ${n(ty)} L`;
}
