import type { Color, Layer, Subpath, VectorImage } from '../model.js';
import { type Fixed, fixed, formatUnits, toUnits } from './fixed.js';
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
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">`,
  ];
  if (model.background && options.background !== false) {
    lines.push(`<rect width="${w}" height="${h}" fill="${hexColor(model.background)}"/>`);
  }
  for (const layer of model.layers) {
    const d = pathData(layer.subpaths, f);
    if (d) lines.push(`<path ${paint(layer, f)} d="${d}"/>`);
  }
  lines.push('</svg>', '');
  return lines.join('\n');
}

/**
 * A layer's attributes before its `d`: its name, its fill, and a stroke (round ends and joins, so
 * that a centerline ends as its ink does). The cut contour is named by its id; a gap filler, one
 * path per color, by its class.
 */
function paint(layer: Layer, f: Fixed): string {
  const color = hexColor(layer.color);
  const attributes = [
    ...(layer.name ? [`${layer.name === 'cut' ? 'id' : 'class'}="${layer.name}"`] : []),
    `fill="${layer.fill === false ? 'none' : color}"`,
    // Three decimals tell every alpha level of 255 apart.
    ...(layer.opacity === undefined ? [] : [`opacity="${Number(layer.opacity.toFixed(3))}"`]),
  ];
  if (layer.stroke !== undefined) {
    const width = formatUnits(toUnits(layer.stroke, f), f);
    attributes.push(`stroke="${color}"`, `stroke-width="${width}"`, ROUND);
  }
  return attributes.join(' ');
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

/** `#rrggbb`, or `#rgb` when each channel's two hex digits are equal. */
export function hexColor({ r, g, b }: Color): string {
  const hex = [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0'));
  const short = hex.every((x) => x[0] === x[1]);
  return `#${hex.map((x) => (short ? x[0] : x)).join('')}`;
}

/** The `d` attribute of one layer: `M` for the first subpath, then `m` from each previous start. */
function pathData(subpaths: Subpath[], f: Fixed): string {
  const out = new PathWriter();
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
  text = '';
  private current = '';

  /** Whether the last number written has a decimal point; null right after a letter. */
  private lastHasPoint: boolean | null = null;

  command(letter: string, f: Fixed, ...args: number[]): void {
    const implicit = letter === this.current || (letter === 'l' && this.current === 'm');
    if (!implicit || letter === 'z') {
      this.text += letter;
      this.lastHasPoint = null;
    }
    this.current = letter;
    for (const units of args) this.number(formatUnits(units, f));
  }

  private number(n: string): void {
    const joins = n[0] === '-' || (n[0] === '.' && this.lastHasPoint === true);
    this.text += this.lastHasPoint === null || joins ? n : ` ${n}`;
    this.lastHasPoint = n.includes('.');
  }
}
