import type { DownloadFormat } from '@vectrace/contract';
import { formats, type OutputSize, readSvg } from '@vectrace/tracer';
import { Piscina } from 'piscina';
import { renderPreview } from './preview.js';
import { type Region, renderRegion } from './preview-region.js';
import { withTestMark } from './test-mark.js';

/** One render, sent to a file worker: the result's SVG bytes and what to draw of it. */
export interface PreviewTask {
  svg: Uint8Array;
  /** A region for the viewer, or null for the whole result at PREVIEW_SIZE. */
  region: Region | null;
  watermark: boolean;
}

/** One export, sent to a file worker: the result's SVG bytes, written again in a format. */
export interface ExportTask {
  svg: Uint8Array;
  format: DownloadFormat;
  size?: OutputSize;
  /** The API's test mode: bands across the picture say it is not for use. */
  testMark: boolean;
}

const text = (svg: Uint8Array) => Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength).toString('utf8');

// Runs in a worker thread (piscina): parsing and drawing a result of megabytes never holds the
// server's event loop, where logins and polls are answered.
export default function previewTask({ svg, region, watermark }: PreviewTask): Uint8Array {
  const png = region
    ? renderRegion(text(svg), region, watermark)
    : renderPreview(Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength), watermark);
  return Piscina.move(png) as unknown as Uint8Array;
}

/** The result read back from its SVG and written in the asked format and size. */
export function exportTask({ svg, format, size, testMark }: ExportTask): Uint8Array {
  let model = readSvg(text(svg));
  if (testMark) model = withTestMark(model);
  const exporter = formats.find((f) => f.name === format);
  if (!exporter) throw new Error(`no exporter for ${format}`);
  const written = exporter.write(model, { size });
  const bytes = typeof written === 'string' ? Buffer.from(written, 'utf8') : written;
  return Piscina.move(bytes) as unknown as Uint8Array;
}
