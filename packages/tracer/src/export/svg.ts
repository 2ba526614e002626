import { arcToCubics } from '../geometry/arc.js';
import {
  type Color,
  type Gradient,
  isArtwork,
  type Layer,
  type Segment,
  type Subpath,
  type VectorImage,
} from '../model.js';
import type { GroupBy, SvgVersion } from '../settings/index.js';
import { type Fixed, fixed, formatUnits, toUnits, unitsParts } from './fixed.js';
import { formatOffset, isShaded } from './shading.js';
import { formatLength, type OutputSize, pageOf, unitsPerPixel } from './size.js';

/** Options of {@link toSvg}. */
export interface SvgOptions {
  /** Decimals kept in coordinates, 0-8; default 2 (1/100 px, below what any viewer can show). */
  precision?: number;
  /** Paint the model's background rectangle, when it has one; default true. */
  background?: boolean;
  /**
   * The image's width in a unit, the document's width and height following (the viewBox stays in
   * image pixels); default px. A page grown round a cut contour is larger by its margin.
   */
  size?: OutputSize;
  /**
   * `none` (default): the paths one after another; `color`: one `<g id="color-rrggbb">` per color
   * of the picture, its paths in it, where its first is painted; `layer`: one `<g id="layer-N">`
   * per layer, in painting order (the cut contour and gap filler are layers of their own).
   */
  groupBy?: GroupBy;
  /** `1.1` (default), or `tiny`: SVG Tiny 1.2, arcs written as cubics, opacity as fill-opacity. */
  svgVersion?: SvgVersion;
  /**
   * For Adobe Illustrator: `version` on the root, every color as #rrggbb, an explicit
   * `fill-rule="nonzero"` on every filled path, and path data written out in full (every command
   * letter, every number apart, with its leading zero). Never written anyway: CSS, `<style>`,
   * `vector-effect`, `transform`.
   */
  adobeCompatible?: boolean;
}

/** How paths are written: the profile and the Illustrator-safe form. */
interface Writing {
  f: Fixed;
  tiny: boolean;
  adobe: boolean;
}

/**
 * Writes the model as a standalone SVG document: one path per layer (filled, stroked or both),
 * compact relative path data.
 */
export function toSvg(model: VectorImage, options: SvgOptions = {}): string {
  const f = fixed(options.precision ?? 2, 'SVG');
  const w = formatUnits(toUnits(model.width, f), f);
  const h = formatUnits(toUnits(model.height, f), f);
  // A margin moves the viewBox's corner out to (-margin, -margin): the paths keep the image's coordinates.
  const margin = toUnits(pageOf(model).margin, f);
  const page = [
    -margin,
    -margin,
    toUnits(model.width, f) + 2 * margin,
    toUnits(model.height, f) + 2 * margin,
  ];
  const [pageW, pageH] = [formatUnits(page[2], f), formatUnits(page[3], f)];
  const [width, height] = options.size ? physicalSize(model, options.size) : [pageW, pageH];
  const viewBox = page.map((units) => formatUnits(units, f)).join(' ');
  const tiny = options.svgVersion === 'tiny';
  const adobe = options.adobeCompatible === true;
  const writing = { f, tiny, adobe };
  const version = tiny ? ' version="1.2" baseProfile="tiny"' : adobe ? ' version="1.1"' : '';
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg"${version} width="${width}" height="${height}" viewBox="${viewBox}">`,
  ];
  const layers = tiny ? model.layers.map(withoutArcs) : model.layers;
  // Every shaded layer's gradient, defined once before the paths that paint with it.
  const shaded = new Map<Layer, string>();
  const defs: string[] = [];
  for (const layer of layers) {
    if (!isShaded(layer)) continue;
    shaded.set(layer, `shade-${shaded.size + 1}`);
    defs.push(gradientElement(`shade-${shaded.size}`, layer.gradient, writing));
  }
  if (defs.length > 0) lines.push('<defs>', ...defs, '</defs>');
  if (model.background && options.background !== false) {
    lines.push(`<rect width="${w}" height="${h}" fill="${hexColor(model.background, adobe)}"/>`);
  }
  const path = (layer: Layer) => {
    const d = pathData(layer.subpaths, writing);
    return d ? `<path ${paint(layer, writing, shaded.get(layer))} d="${d}"/>` : undefined;
  };
  const groupBy = options.groupBy ?? 'none';
  if (groupBy === 'none') {
    for (const layer of layers) {
      const p = path(layer);
      if (p) lines.push(p);
    }
  } else if (groupBy === 'layer') {
    layers.forEach((layer, k) => {
      const p = path(layer);
      if (p) lines.push(`<g id="layer-${k + 1}">`, p, '</g>');
    });
  } else {
    const keyOf = (layer: Layer) => hexColor(layer.color, true).slice(1);
    const written = new Set<string>();
    for (const layer of layers) {
      if (!isArtwork(layer)) {
        const p = path(layer);
        if (p) lines.push(p);
        continue;
      }
      const key = keyOf(layer);
      if (written.has(key)) continue;
      written.add(key);
      const paths = layers.filter((l) => isArtwork(l) && keyOf(l) === key).flatMap((l) => path(l) ?? []);
      if (paths.length > 0) lines.push(`<g id="color-${key}">`, ...paths, '</g>');
    }
  }
  lines.push('</svg>', '');
  return lines.join('\n');
}

/**
 * A layer's attributes before its `d`: its name, its fill, and a stroke (round ends and joins, so
 * that a centerline ends as its ink does). The cut contour is named by its id; a gap filler, one
 * path per color, by its class.
 */
function paint(layer: Layer, { f, tiny, adobe }: Writing, gradientId?: string): string {
  const color = hexColor(layer.color, adobe);
  const filled = layer.fill !== false;
  // Three decimals tell every alpha level of 255 apart. SVG Tiny has no group opacity: the fill's
  // and the stroke's are the same where a layer has only one of them.
  const alpha = layer.opacity === undefined ? undefined : String(Number(layer.opacity.toFixed(3)));
  const opacity =
    alpha === undefined
      ? []
      : tiny
        ? [`${filled ? 'fill' : 'stroke'}-opacity="${alpha}"`]
        : [`opacity="${alpha}"`];
  const attributes = [
    ...(layer.name ? [`${layer.name === 'cut' ? 'id' : 'class'}="${layer.name}"`] : []),
    `fill="${!filled ? 'none' : gradientId ? `url(#${gradientId})` : color}"`,
    ...(adobe && filled ? ['fill-rule="nonzero"'] : []),
    ...opacity,
  ];
  if (layer.stroke !== undefined) {
    const width = number(toUnits(layer.stroke, f), f, adobe);
    attributes.push(`stroke="${color}"`, `stroke-width="${width}"`, ROUND);
  }
  return attributes.join(' ');
}

/**
 * A gradient as SVG defines it, in the image's own coordinates (`userSpaceOnUse`), so it lies on
 * the shape the same at any size the document is drawn at.
 */
function gradientElement(id: string, gradient: Gradient, { f, adobe }: Writing): string {
  const n = (v: number) => number(toUnits(v, f), f, adobe);
  const [tag, geometry] =
    gradient.kind === 'linear'
      ? [
          'linearGradient',
          `x1="${n(gradient.x1)}" y1="${n(gradient.y1)}" x2="${n(gradient.x2)}" y2="${n(gradient.y2)}"`,
        ]
      : ['radialGradient', `cx="${n(gradient.cx)}" cy="${n(gradient.cy)}" r="${n(gradient.r)}"`];
  const stops = gradient.stops.map(
    ({ offset, color }) => `<stop offset="${formatOffset(offset)}" stop-color="${hexColor(color, adobe)}"/>`,
  );
  return `<${tag} id="${id}" gradientUnits="userSpaceOnUse" ${geometry}>${stops.join('')}</${tag}>`;
}

/** How every stroke ends and turns. */
export const ROUND = 'stroke-linecap="round" stroke-linejoin="round"';

/** The width and height attributes of the page for a size: `100mm`, `2in`, or plain numbers for px. */
function physicalSize(model: VectorImage, size: OutputSize): [string, string] {
  const scale = unitsPerPixel(model, size);
  const unit = size.unit === 'px' ? '' : size.unit;
  const page = pageOf(model);
  return [`${formatLength(page.width * scale)}${unit}`, `${formatLength(page.height * scale)}${unit}`];
}

/** A layer with its arcs written as cubics (SVG Tiny has no arc command). */
function withoutArcs(layer: Layer): Layer {
  if (!layer.subpaths.some((s) => s.segments.some((seg) => seg.kind === 'arc'))) return layer;
  const subpaths = layer.subpaths.map((subpath) => {
    let from = subpath.start;
    const segments: Segment[] = subpath.segments.flatMap((seg) => {
      const pieces = seg.kind === 'arc' ? arcToCubics(from, seg) : [seg];
      from = seg.to;
      return pieces;
    });
    return { ...subpath, segments };
  });
  return { ...layer, subpaths };
}

/** A number of units as written: the shortest form, or with its leading zero (`0.5`). */
function number(units: number, f: Fixed, leadingZero: boolean): string {
  const text = formatUnits(units, f);
  return leadingZero ? text.replace(/^(-?)\./, '$10.') : text;
}

/** `#rrggbb`, or `#rgb` when each channel's two hex digits are equal (unless `long`). */
export function hexColor({ r, g, b }: Color, long = false): string {
  const hex = [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0'));
  const short = !long && hex.every((x) => x[0] === x[1]);
  return `#${hex.map((x) => (short ? x[0] : x)).join('')}`;
}

/** The `d` attribute of one layer: `M` for the first subpath, then `m` from each previous start. */
function pathData(subpaths: Subpath[], { f, adobe }: Writing): string {
  const out = new PathWriter(adobe);
  let prevX = 0;
  let prevY = 0;
  let first = true;
  for (const { start, segments, open } of subpaths) {
    if (segments.length === 0) continue;
    const sx = toUnits(start.x, f);
    const sy = toUnits(start.y, f);
    out.command(first ? 'M' : 'm', f, sx - prevX, sy - prevY);
    first = false;
    prevX = sx;
    prevY = sy;
    let x = sx;
    let y = sy;
    for (let i = 0; i < segments.length; i++) {
      const seg = segments[i];
      const last = !open && i === segments.length - 1;
      // The model ends a closed subpath at its start; snapping the last point makes that exact in units.
      const tx = last ? sx : toUnits(seg.to.x, f);
      const ty = last ? sy : toUnits(seg.to.y, f);
      if (seg.kind === 'line') {
        if (last) break; // `z` draws the closing line
        const dx = tx - x;
        const dy = ty - y;
        if (dy === 0 && dx !== 0) out.command('h', f, dx);
        else if (dx === 0 && dy !== 0) out.command('v', f, dy);
        else if (dx !== 0) out.command('l', f, dx, dy);
      } else if (seg.kind === 'arc') {
        const dx = tx - x;
        const dy = ty - y;
        // An arc that ends where it starts draws nothing (SVG leaves it out too).
        if (dx || dy) {
          const r = toUnits(seg.radius, f);
          // An ellipse's radii may round to one: its turn is still written, so that it reads back.
          const [ry, rotation] =
            seg.ry === undefined ? [r, 0] : [toUnits(seg.ry, f), toUnits(seg.rotation ?? 0, f)];
          // Flags are written as the numbers 0 and 1, a unit being 1/scale.
          const flag = (on: boolean) => (on ? f.scale : 0);
          out.command('a', f, r, ry, rotation, flag(seg.large), flag(seg.sweep), dx, dy);
        }
      } else {
        const c1x = toUnits(seg.c1.x, f) - x;
        const c1y = toUnits(seg.c1.y, f) - y;
        const c2x = toUnits(seg.c2.x, f) - x;
        const c2y = toUnits(seg.c2.y, f) - y;
        const dx = tx - x;
        const dy = ty - y;
        if (c1x || c1y || c2x || c2y || dx || dy) out.command('c', f, c1x, c1y, c2x, c2y, dx, dy);
      }
      x = tx;
      y = ty;
    }
    if (open) {
      // Without `z` the pen stays where the stroke ended, and the next `m` moves from there.
      prevX = x;
      prevY = y;
    } else out.command('z', f);
  }
  return out.text;
}

/**
 * Joins commands the short way SVG allows: a repeated command letter is left out (and an `l` right
 * after an `m`), and numbers are separated only where the next one cannot start by itself
 * (`1.5-2` and `1.5.5` are two numbers each).
 */
class PathWriter {
  /** The path data so far, as ASCII bytes: millions of short strings joined cost more than writing. */
  private bytes = new Uint8Array(1 << 12);
  private length = 0;
  private current = '';

  /** Whether the last number written has a decimal point; null right after a letter. */
  private lastHasPoint: boolean | null = null;

  /** `plain`: every command letter written and every number apart (Illustrator's reading). */
  constructor(private readonly plain = false) {}

  get text(): string {
    return ascii.decode(this.bytes.subarray(0, this.length));
  }

  command(letter: string, f: Fixed, ...args: number[]): void {
    const implicit = !this.plain && (letter === this.current || (letter === 'l' && this.current === 'm'));
    if (!implicit || letter === 'z') {
      this.room(1);
      this.bytes[this.length++] = letter.charCodeAt(0);
      this.lastHasPoint = null;
    }
    this.current = letter;
    for (const units of args) this.number(units, f);
  }

  /** A number of units as `formatUnits` writes it (with its leading zero when plain), separated as needed. */
  private number(units: number, f: Fixed): void {
    const { whole, fraction, places } = unitsParts(units, f);
    const point = places > 0;
    const first = units < 0 ? MINUS : whole === 0 && point && !this.plain ? POINT : DIGIT;
    const joins = !this.plain && (first === MINUS || (first === POINT && this.lastHasPoint === true));
    this.room(40);
    const b = this.bytes;
    if (!(this.lastHasPoint === null || joins)) b[this.length++] = SPACE;
    if (units < 0) b[this.length++] = MINUS;
    if (whole > 0 || !point || this.plain) this.length = writeDigits(b, this.length, whole, 1);
    if (point) {
      b[this.length++] = POINT;
      this.length = writeDigits(b, this.length, fraction, places);
    }
    this.lastHasPoint = point;
  }

  /** Makes room for `n` more bytes. */
  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(2 * this.bytes.length, this.length + n));
    bigger.set(this.bytes.subarray(0, this.length));
    this.bytes = bigger;
  }
}

const ascii = new TextDecoder();
const SPACE = 0x20;
const MINUS = 0x2d;
const POINT = 0x2e;
const DIGIT = 0x30;

/** Writes a whole number's decimal digits at `at`, padded with zeros to `places`; returns the end. */
function writeDigits(bytes: Uint8Array, at: number, value: number, places: number): number {
  let count = 1;
  for (let v = value; v >= 10; v = Math.floor(v / 10)) count++;
  count = Math.max(count, places);
  let v = value;
  for (let i = at + count - 1; i >= at; i--) {
    bytes[i] = DIGIT + (v % 10);
    v = Math.floor(v / 10);
  }
  return at + count;
}
