import type { Readable } from 'node:stream';
import {
  type DownloadFormat,
  type DownloadQuery,
  isPaid,
  MAX_PNG_PIXELS,
  MAX_PNG_WIDTH,
  offers,
  pngPixels,
} from '@vectrace/contract';
import { formats } from '@vectrace/tracer';
import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { expiredMessage } from '../../retention-policy.js';
import { ObjectNotFoundError, vectorKey } from '../../storage/object-store.js';
import { planTypeOf } from '../auth/queries.js';
import type { ConversionRow } from '../conversions/queries.js';
import { resultPage } from './result-page.js';

/** Ready to show: completed and its files still kept. */
export function assertResultAvailable(row: ConversionRow, config: Config): void {
  if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(config));
  if (row.status === 'failed')
    throw new AppError(
      409,
      'conversion_failed',
      `This conversion failed: ${row.errorMessage ?? 'no result'}`,
    );
  if (row.status !== 'completed')
    throw new AppError(409, 'not_ready', 'This conversion is not finished yet.');
}

/** Whether the owner may take the vector: this conversion is paid, or they are on an active Pro plan. */
export async function canDownload(deps: Deps, row: ConversionRow): Promise<boolean> {
  if (isPaid(row.paymentStatus)) return true;
  if (!row.userId) return false;
  return (await planTypeOf(deps.db, row.userId)) === 'pro';
}

/** 402 unless the owner may take the vector; 409 or 410 unless it is there to take. */
export async function assertDownloadable(deps: Deps, row: ConversionRow): Promise<void> {
  assertResultAvailable(row, deps.config);
  if (!(await canDownload(deps, row))) {
    throw new AppError(
      402,
      'payment_required',
      `Payment required: pay ${offers['pay-per-use'].price} for this conversion, or get Pro (${offers.pro.price}/month), to download it.`,
    );
  }
}

/** The SVG of a completed conversion its owner has paid for (402 otherwise, 410 once deleted). */
export async function readPaidVector(deps: Deps, row: ConversionRow): Promise<Buffer> {
  await assertDownloadable(deps, row);
  return readResult(deps, row);
}

/** The paid SVG as it is stored, streamed (never whole in memory) for a download as it is. */
export async function streamPaidVector(deps: Deps, row: ConversionRow): Promise<Readable> {
  await assertDownloadable(deps, row);
  return deps.store.readStream(vectorKey(row.id)).catch(resultGone);
}

/** The stored SVG of an available conversion; 410 if its file has gone. */
export async function readResult(deps: Deps, row: ConversionRow): Promise<Buffer> {
  return deps.store.read(vectorKey(row.id)).catch(resultGone);
}

function resultGone(err: unknown): never {
  if (err instanceof ObjectNotFoundError) {
    throw new AppError(
      410,
      'gone',
      'The result of this conversion is no longer available. Please convert the image again.',
    );
  }
  throw err;
}

/** Whether a result's output is written in a file worker (counted by limits/export-limits.ts), or is the stored SVG. */
export function writtenInWorker(
  { format, width }: Pick<ResultOptions, 'format' | 'width'>,
  testMark = false,
) {
  return !(format === 'svg' && width === undefined && !testMark);
}

/**
 * The largest file written from a result, in bytes: past it an export is refused before it is
 * written (it would hold a file worker for seconds and its memory). About a 13 MB result as a
 * DXF, 40 MB as a PDF; the stored SVG itself is always given.
 */
export const MAX_EXPORT_BYTES = 64 * 1024 * 1024;

/**
 * Bytes written per byte of the stored SVG, a little above the most measured on traced results
 * at the largest sizes (EPS 1.3, PDF 1.8, DXF 4.9: polylines, one value a line).
 */
const bytesPerSvgByte: Record<DownloadFormat, number> = { svg: 1.2, eps: 1.6, pdf: 2.2, dxf: 5 };

/** 422 when a vector file written from `svg` would be past MAX_EXPORT_BYTES. */
export function assertExportFits(svg: Buffer, format: DownloadFormat | 'png'): void {
  if (format === 'png') return; // bounded in pixels (pngWidth)
  const estimate = svg.byteLength * bytesPerSvgByte[format];
  if (estimate <= MAX_EXPORT_BYTES) return;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  throw new AppError(
    422,
    'result_too_large',
    `This result is too large to write as ${format.toUpperCase()} (about ${mb(estimate)} MB; files are written up to ${mb(MAX_EXPORT_BYTES)} MB). Download it as SVG, or convert the image with fewer colors or the draft quality.`,
  );
}

/**
 * A result written as a file: the stored SVG as it is, or written again in a file worker, where
 * owners take turns (`owner`: ownerKeyOf). Sizes are checked first: the width by the contract's
 * schemas, a PNG's pixels here, a vector file's bytes by assertExportFits.
 */
export async function resultFile(
  deps: Deps,
  svg: Buffer,
  { format, width, unit, background }: ResultOptions,
  testMark: boolean,
  owner: string,
): Promise<Buffer> {
  if (!writtenInWorker({ format, width }, testMark)) return svg;
  assertExportFits(svg, format);
  if (format === 'png') {
    const pixels = pngWidth(svg, width, unit);
    const drawn = background === 'transparent' ? undefined : background;
    return deps.files.export({
      svg,
      format,
      size: { width: pixels, unit: 'px' },
      testMark,
      background: drawn,
      owner,
    });
  }
  const size = width === undefined ? undefined : { width, unit };
  return deps.files.export({ svg, format, size, testMark, owner });
}

/** A result's output: a format with a size, and for PNG a background. */
export type ResultOptions = Omit<DownloadQuery, 'format'> & {
  format: DownloadFormat | 'png';
  background?: string;
};

/**
 * A PNG's image width in pixels, refused past MAX_PNG_WIDTH or MAX_PNG_PIXELS. With a cut contour
 * off the image, the width is the image's and the PNG, its whole page, is wider by the margin.
 */
function pngWidth(svg: Buffer, width: number | undefined, unit: DownloadQuery['unit']): number {
  const {
    width: w,
    height: h,
    margin,
  } = resultPage(svg.subarray(0, 1024).toString('utf8')) ?? {
    width: 1,
    height: 1,
    margin: 0,
  };
  const pixels = width === undefined ? Math.round(w) : pngPixels(width, unit);
  const wide = Math.round((pixels * (w + 2 * margin)) / w);
  const high = Math.round((pixels * (h + 2 * margin)) / w);
  if (wide > MAX_PNG_WIDTH || wide * high > MAX_PNG_PIXELS) {
    throw new AppError(
      400,
      'invalid_request',
      `A PNG can be at most ${MAX_PNG_WIDTH} px wide and ${MAX_PNG_PIXELS / 1024 / 1024} megapixels; this one would be ${wide} x ${high} px. Ask for a smaller width.`,
    );
  }
  return Math.max(1, pixels);
}

/** Headers for a result as a download under its file name (see downloadFileName), in its format. */
export function downloadHeaders(format: DownloadFormat | 'png', fileName: string): Record<string, string> {
  if (format === 'svg') return svgDownloadHeaders(fileName);
  const mimeType =
    format === 'png'
      ? 'image/png'
      : (formats.find((f) => f.name === format)?.mimeType ?? 'application/octet-stream');
  return {
    'content-type': mimeType,
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
  };
}

/** Headers for the SVG as a download: never rendered in our origin, never sniffed. */
export function svgDownloadHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'image/svg+xml; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'cache-control': 'private, no-store',
  };
}
