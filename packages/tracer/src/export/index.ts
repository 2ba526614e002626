import type { VectorImage } from '../model.js';
import type { DrawStyle } from '../settings/index.js';
import { drawnAs } from './draw-style.js';
import { toDxf } from './dxf.js';
import { toEps } from './eps.js';
import { toPdf } from './pdf.js';
import type { OutputSize } from './size.js';
import { type SvgOptions, toSvg } from './svg.js';

export { drawnAs, OUTLINE_WIDTH } from './draw-style.js';
export { type DxfOptions, toDxf } from './dxf.js';
export { type EpsOptions, toEps } from './eps.js';
export { flattenSubpath } from './flatten.js';
export { type PathDrawing, readPathData } from './path-data.js';
export { type PdfOptions, toPdf } from './pdf.js';
export { readSvg, svgWritingOf } from './read-svg.js';
export type { OutputSize, SizeUnit } from './size.js';
export { smallestOutputWidth } from './size.js';
export { type SvgOptions, toSvg } from './svg.js';

/** The name of an output format. */
export type ExportFormat = 'svg' | 'eps' | 'pdf' | 'dxf';

/** One output format: its file extension (with the dot), media type, and writer with default options. */
export interface Exporter {
  name: ExportFormat;
  extension: string;
  mimeType: string;
  write(model: VectorImage, options?: ExportOptions): string | Uint8Array;
}

/**
 * What every format can be asked: a physical size, decimals (SVG, EPS and PDF; DXF keeps its
 * own), and a draw style (see drawnAs: PDF and EPS stroke as SVG does; DXF has no fills anyway, so
 * it writes the same outlines, stroked edges once); and what only SVG is asked, which the other
 * formats pass by: its grouping, its profile and its form for Illustrator.
 */
export interface ExportOptions extends Pick<SvgOptions, 'groupBy' | 'svgVersion' | 'adobeCompatible'> {
  size?: OutputSize;
  precision?: number;
  drawStyle?: DrawStyle;
}

const styled = (model: VectorImage, options?: ExportOptions) =>
  options?.drawStyle ? drawnAs(model, options.drawStyle) : model;

/** Every output format, one row each; none of them traces, all write the same model. */
export const formats: readonly Exporter[] = [
  {
    name: 'svg',
    extension: '.svg',
    mimeType: 'image/svg+xml',
    write: (model, options) => toSvg(styled(model, options), options),
  },
  {
    name: 'eps',
    extension: '.eps',
    mimeType: 'application/postscript',
    write: (model, options) => toEps(styled(model, options), options),
  },
  {
    name: 'pdf',
    extension: '.pdf',
    mimeType: 'application/pdf',
    write: (model, options) => toPdf(styled(model, options), options),
  },
  {
    name: 'dxf',
    extension: '.dxf',
    mimeType: 'image/vnd.dxf',
    write: (model, options) => toDxf(styled(model, options), options),
  },
];
