import { imagePipeline } from '@vectrace/tracer/decode';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { expiredMessage } from '../../retention-policy.js';
import { ObjectNotFoundError, uploadKey } from '../../storage/object-store.js';
import type { ConversionRow } from '../conversions/queries.js';

/** Longest side of a history thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 160;

/** A small PNG of the conversion's original, for the history list (sharp works off the event loop). */
export async function thumbnailOf(deps: Deps, row: ConversionRow): Promise<Buffer> {
  if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(deps.config));
  const bytes = await deps.store.read(uploadKey(row.uploadId)).catch((err) => {
    throw err instanceof ObjectNotFoundError ? new AppError(410, 'gone', expiredMessage(deps.config)) : err;
  });
  // A BMP is read at four times the thumbnail's size, then reduced as the others are.
  return imagePipeline(bytes, { sampleSide: THUMBNAIL_SIZE * 4 })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
}
