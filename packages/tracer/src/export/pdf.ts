import { arcToCubics } from '../geometry/arc.js';
import type { Layer, Subpath, VectorImage } from '../model.js';
import { type Fixed, fixed, formatRgb, formatUnits, toUnits } from './fixed.js';
import { Pieces } from './pieces.js';
import { isShaded, shadingDictionary } from './shading.js';
import { formatLength, type OutputSize, pageOf, pointsPerPixel } from './size.js';

/** Options of {@link toPdf}. */
export interface PdfOptions {
  /** Decimals kept in coordinates, 0-8; default 2. */
  precision?: number;
  /**
   * The image's physical width, the page following (larger by the margin of a page grown round a
   * cut contour); default one point per image pixel.
   */
  size?: OutputSize;
}

/**
 * Writes the model as a one-page PDF 1.4 with an uncompressed content stream: one point per input
 * pixel, or the page at the asked size with the drawing scaled to it.
 */
export function toPdf(model: VectorImage, options: PdfOptions = {}): Uint8Array {
  const f = fixed(options.precision ?? 2, 'PDF');
  const w = formatUnits(toUnits(model.width, f), f);
  const h = formatUnits(toUnits(model.height, f), f);
  // The drawing keeps its pixel coordinates; one matrix maps them onto a page of the asked size,
  // the image's corner moved in by the margin of a page grown round a cut contour.
  const scale = pointsPerPixel(model, options.size);
  const page = pageOf(model);
  const margin = toUnits(page.margin, f);
  const [pageW, pageH] = options.size
    ? [formatLength(page.width * scale), formatLength(page.height * scale)]
    : [toUnits(model.width, f) + 2 * margin, toUnits(model.height, f) + 2 * margin].map((u) =>
        formatUnits(u, f),
      );
  const s = options.size ? formatLength(scale) : '1';
  const t = options.size ? formatLength((margin / f.scale) * scale) : formatUnits(margin, f);
  const matrix = options.size || margin ? `${s} 0 0 ${s} ${t} ${t} cm\n` : '';
  const opacities = [...new Set(model.layers.flatMap((l) => (l.opacity === undefined ? [] : [l.opacity])))];
  const shaded = model.layers.filter(isShaded);
  const content = matrix + contentStream(model, w, h, f, opacities, shaded);
  // A graphics state per opacity (PDF 1.4, 4.3.4 and 7.2.6): /ca for fills, /CA for strokes.
  const states = opacities.map((a, i) => `/A${i} << /ca ${formatAlpha(a)} /CA ${formatAlpha(a)} >>`);
  const shadings = shaded.map((l, i) => `/Sh${i} ${shadingDictionary(l.gradient, model.height, f)}`);
  const resources = [
    ...(states.length > 0 ? [`/ExtGState << ${states.join(' ')} >>`] : []),
    ...(shadings.length > 0 ? [`/Shading << ${shadings.join(' ')} >>`] : []),
  ];
  const resourcesDict = resources.length > 0 ? `<< ${resources.join(' ')} >>` : '<< >>';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageW} ${pageH}] /Resources ${resourcesDict} /Contents 4 0 R >>`,
    // Length counts the bytes between the `stream` line and the end-of-line before `endstream`.
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // The second line's bytes above 127 tell file transfer programs the file is binary (PDF 1.4, 3.4.1).
  let file = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(file.length);
    file += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = file.length;
  // Each cross-reference entry is exactly 20 bytes, its end of line being space + LF (PDF 1.4, 3.4.3).
  file += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) file += `${String(offset).padStart(10, '0')} 00000 n \n`;
  file += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is below 256, so one char is one byte and the offsets above are byte offsets.
  // Copied a character at a time: Uint8Array.from(file, ...) would first hold every one in an array.
  const bytes = new Uint8Array(file.length);
  for (let i = 0; i < file.length; i++) bytes[i] = file.charCodeAt(i);
  return bytes;
}

/**
 * The page's drawing operators: background, then each layer filled with the nonzero rule, stroked,
 * or both.
 */
function contentStream(
  model: VectorImage,
  w: string,
  h: string,
  f: Fixed,
  opacities: number[],
  shaded: Layer[],
): string {
  const ops = new Pieces();
  if (model.background) ops.line(`${formatRgb(model.background)} rg`, `0 0 ${w} ${h} re`, 'f');
  for (const layer of model.layers) {
    const paths = layer.subpaths.filter((s) => s.segments.length > 0);
    if (paths.length === 0) continue;
    if (isShaded(layer)) {
      // The outlines clip (nonzero, as `f` fills) the shading painted through them.
      ops.line('q');
      for (const subpath of paths) subpathOps(subpath, model.height, f, ops);
      ops.line('W n', `/Sh${shaded.indexOf(layer)} sh`, 'Q');
      continue;
    }
    const color = formatRgb(layer.color);
    // A semi-transparent layer paints in a graphics state of its own, saved and restored around it.
    if (layer.opacity !== undefined) ops.line('q', `/A${opacities.indexOf(layer.opacity)} gs`);
    ops.line(`${color} rg`);
    // Strokes end and turn round (1 J, 1 j), as the SVG's do.
    if (layer.stroke !== undefined)
      ops.line(`${color} RG`, `${formatUnits(toUnits(layer.stroke, f), f)} w 1 J 1 j`);
    for (const subpath of paths) subpathOps(subpath, model.height, f, ops);
    ops.line(layer.stroke === undefined ? 'f' : layer.fill === false ? 'S' : 'B');
    if (layer.opacity !== undefined) ops.line('Q');
  }
  // Operators a line, the last one's line feed left out (it belongs to `endstream`).
  return ops.text().slice(0, -1);
}

function formatAlpha(a: number): string {
  return String(Number(a.toFixed(3)));
}

/** One subpath, y flipped: PDF's y axis points up from the page's bottom edge. */
function subpathOps({ start, segments, open }: Subpath, height: number, f: Fixed, ops: Pieces): void {
  const pt = (p: { x: number; y: number }) =>
    `${formatUnits(toUnits(p.x, f), f)} ${formatUnits(toUnits(height - p.y, f), f)}`;
  ops.line(`${pt(start)} m`);
  let from = start;
  segments.forEach((seg, i) => {
    const last = !open && i === segments.length - 1;
    // The model ends a closed subpath at its start; writing the start itself makes that exact.
    const to = last ? start : seg.to;
    if (seg.kind === 'cubic') ops.line(`${pt(seg.c1)} ${pt(seg.c2)} ${pt(to)} c`);
    else if (seg.kind === 'arc') {
      // PDF has no arc operator: cubics of at most 90°, within 0.03 % of the radius.
      for (const cubic of arcToCubics(from, { ...seg, to }))
        ops.line(`${pt(cubic.c1)} ${pt(cubic.c2)} ${pt(cubic.to)} c`);
    } else if (!last) ops.line(`${pt(to)} l`); // `h` draws the closing line
    from = to;
  });
  if (!open) ops.line('h');
}
