import type { DownloadFormat } from '@vectrace/contract';
import { formats, type OutputSize, type Point, readSvg, svgWritingOf, toSvg } from '@vectrace/tracer';
import { handOver } from '@vectrace/tracer/hand-over';
import { drawPng } from '@vectrace/tracer/png';
import { Piscina } from 'piscina';
import { renderPreview } from './preview.js';
import { type Region, renderRegion } from './preview-region.js';
import { withTestMark } from './test-mark.js';

/** One render, sent to a file worker: the result's SVG bytes and what to draw of it. */
export interface PreviewTask {
  svg: Uint8Array;
  /** A region for the viewer, or null for the whole result at PREVIEW_SIZE. */
  region: Region | null;
  /** Where the watermark is fixed (the result's markAnchor); null to draw it clean (paid). */
  watermark: Point | null;
  /** An API test job's: drawn with the bands its downloads have (test-mark.ts). */
  testMark: boolean;
  /** Whose render it is (ownerKeyOf): owners take turns at the workers (file-workers.ts). */
  owner?: string;
}

/** One export, sent to a file worker: the result's SVG bytes, written again in a format. */
export interface ExportTask {
  svg: Uint8Array;
  /** A vector format, or PNG drawn from the vector at `size.width` pixels. */
  format: DownloadFormat | 'png';
  size?: OutputSize;
  /** PNG only: a color to draw on; transparent without. */
  background?: string;
  /** The API's test mode: bands across the picture say it is not for use. */
  testMark: boolean;
  /** Whose export it is (ownerKeyOf): owners take turns at the workers (file-workers.ts). */
  owner?: string;
}

const text = (svg: Uint8Array) => Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength).toString('utf8');

// Runs in a worker thread (piscina): parsing and drawing a result of megabytes never holds the
// server's event loop, where logins and polls are answered.
export default async function previewTask({
  svg,
  region,
  watermark,
  testMark,
}: PreviewTask): Promise<Uint8Array> {
  const drawn = testMark ? Buffer.from(toSvg(withTestMark(readSvg(text(svg))))) : svg;
  const png = await (region
    ? renderRegion(text(drawn), region, watermark)
    : renderPreview(Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength), watermark));
  return Piscina.move(handOver(png)) as unknown as Uint8Array;
}

/** The result read back from its SVG and written in the asked format and size. */
export function exportTask({ svg, format, size, testMark, background }: ExportTask): Uint8Array {
  const stored = text(svg);
  let model = readSvg(stored);
  if (testMark) model = withTestMark(model);
  if (format === 'png')
    return Piscina.move(
      handOver(drawPng(model, size?.width ?? model.width, background)),
    ) as unknown as Uint8Array;
  const exporter = formats.find((f) => f.name === format);
  if (!exporter) throw new Error(`no exporter for ${format}`);
  // An SVG written again keeps the grouping, profile and form it was asked with.
  const written =
    format === 'svg' ? toSvg(model, { size, ...svgWritingOf(stored) }) : exporter.write(model, { size });
  const bytes = typeof written === 'string' ? Buffer.from(written, 'utf8') : written;
  return Piscina.move(handOver(bytes)) as unknown as Uint8Array;
}
