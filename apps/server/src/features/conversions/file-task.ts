import { Piscina } from 'piscina';
import { renderPreview } from './preview.js';
import { type Region, renderRegion } from './preview-region.js';

/** One render, sent to a preview thread: the result's SVG bytes and what to draw of it. */
export interface PreviewTask {
  svg: Uint8Array;
  /** A region for the viewer, or null for the whole result at PREVIEW_SIZE. */
  region: Region | null;
  watermark: boolean;
}

// Runs in a worker thread (piscina): parsing and drawing a result of megabytes never holds the
// server's event loop, where logins and polls are answered.
export default function previewTask({ svg, region, watermark }: PreviewTask): Uint8Array {
  const bytes = Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength);
  const png = region
    ? renderRegion(bytes.toString('utf8'), region, watermark)
    : renderPreview(bytes, watermark);
  return Piscina.move(png) as unknown as Uint8Array;
}
