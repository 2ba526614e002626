import { imageTypeExtensions } from '@vectrace/tracer';
import type { Deps } from '../../../deps.js';
import { uploadKey } from '../../../storage/object-store.js';
import { createConversion } from '../../conversions/create-conversion.js';
import { type ConversionRow, findConversion } from '../../conversions/queries.js';
import type { Owner } from '../../owner.js';
import { checkImage } from '../../uploads/check-image.js';
import { newUpload } from '../../uploads/issue-upload.js';
import { deleteUploadRow, recordUploadSize } from '../../uploads/queries.js';
import type { ApiImage } from '../read-image.js';
import { settingsOfOptions } from '../schemas.js';
import type { VectorizeOptions } from './schemas.js';

const READ_EVERY_MS = 100;

/**
 * Stores the image as the owner's upload and converts it with the options, as the site does
 * (same checks, quotas and queue); the conversion, finished or not.
 */
export async function startConversion(
  deps: Deps,
  owner: Owner,
  image: ApiImage,
  options: VectorizeOptions,
): Promise<ConversionRow> {
  const type = await checkImage(image.bytes);
  const extensions = imageTypeExtensions[type];
  // The form's file name when it says what the file is, else one that does.
  const named = image.fileName?.trim().slice(0, 200);
  const originalFileName =
    named && extensions.some((extension) => named.toLowerCase().endsWith(extension))
      ? named
      : `image${extensions[0]}`;

  const uploadId = await newUpload(deps, owner);
  try {
    await deps.store.write(uploadKey(uploadId), image.bytes);
    await recordUploadSize(deps.db, uploadId, image.bytes.length);
    return await convertUpload(deps, owner, uploadId, originalFileName, options);
  } catch (err) {
    // A refused call (the owner's quota) or a failed one keeps nothing: no file, no upload counted
    // (unless the conversion was recorded after all, and failed only after).
    const converting = await deps.db
      .selectFrom('conversions')
      .select('id')
      .where('uploadId', '=', uploadId)
      .executeTakeFirst()
      .catch(() => ({ id: 'unknown' }));
    if (!converting) {
      await deps.store.delete(uploadKey(uploadId)).catch(() => {});
      await deleteUploadRow(deps.db, uploadId).catch(() => {});
    }
    throw err;
  }
}

function convertUpload(
  deps: Deps,
  owner: Owner,
  uploadId: string,
  originalFileName: string,
  options: VectorizeOptions,
): Promise<ConversionRow> {
  const { mode, format, width, unit, background, retention } = options;
  // With the insert: a write to the row once it is queued would hold it locked while a worker
  // claims it, and the worker would pass it by.
  return createConversion(
    deps,
    owner,
    {
      originalFileName,
      originalFileUrl: `/objects/uploads/${uploadId}`,
      settings: { ...settingsOfOptions(options), maxPixels: options.maxPixels ?? null },
    },
    // Deleted on download: the job's results say so when they are read (routes.ts).
    JSON.stringify({
      mode,
      format,
      width,
      unit,
      background,
      ...(retention === 'download' ? { retention } : {}),
    }),
    typeof retention === 'number' ? retention * 60_000 : undefined,
  );
}

/** The conversion once it has ended, or as it is when `waitMs` have passed. */
export async function waitForEnd(deps: Deps, row: ConversionRow, waitMs: number): Promise<ConversionRow> {
  const until = Date.now() + waitMs;
  let current = row;
  while (current.status !== 'completed' && current.status !== 'failed' && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS));
    current = (await findConversion(deps.db, row.id)) ?? current;
  }
  return current;
}
