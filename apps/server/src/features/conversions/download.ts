import type { Readable } from 'node:stream';
import { type DownloadFormat, type DownloadQuery, downloadFileName, isPaid } from '@vectrace/contract';
import { formats } from '@vectrace/tracer';
import type { Config } from '../../config.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ObjectNotFoundError, vectorKey } from '../../storage/object-store.js';
import { planTypeOf } from '../auth/queries.js';
import { keptForWords } from '../retention/sweep.js';
import type { ConversionRow } from './queries.js';

/** Why a conversion's files are gone, with the retention the server runs with. */
export const expiredMessage = (config: Config) =>
  `The files of this conversion were deleted within ${keptForWords(config)} of upload, as our privacy policy promises. Please upload the image again to convert it.`;

/** Ready to show: completed and its files still kept. */
export function assertResultAvailable(row: ConversionRow, config: Config): void {
  if (row.expiredAt) throw new AppError(410, expiredMessage(config));
  if (row.status === 'failed')
    throw new AppError(409, `This conversion failed: ${row.errorMessage ?? 'no result'}`);
  if (row.status !== 'completed') throw new AppError(409, 'This conversion is not finished yet.');
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
      'Payment required: pay $1.00 for this conversion, or get Pro ($5.99/month), to download it.',
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
      'The result of this conversion is no longer available. Please convert the image again.',
    );
  }
  throw err;
}

/** A result written as a file: the stored SVG as it is, or written again in a file worker. */
export async function resultFile(
  deps: Deps,
  svg: Buffer,
  { format, width, unit }: DownloadQuery,
  testMark = false,
): Promise<Buffer> {
  if (format === 'svg' && width === undefined && !testMark) return svg;
  const size = width === undefined ? undefined : { width, unit };
  return deps.files.export({ svg, format, size, testMark });
}

/** Headers for a result as a download, in its format. */
export function downloadHeaders(format: DownloadFormat): Record<string, string> {
  if (format === 'svg') return svgDownloadHeaders;
  const mimeType = formats.find((f) => f.name === format)?.mimeType ?? 'application/octet-stream';
  return {
    'content-type': mimeType,
    'content-disposition': `attachment; filename="${downloadFileName(format)}"`,
    'cache-control': 'private, no-store',
  };
}

/** Headers for the SVG as a download: never rendered in our origin, never sniffed. */
export const svgDownloadHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-disposition': 'attachment; filename="converted-vector.svg"',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cache-control': 'private, no-store',
};
