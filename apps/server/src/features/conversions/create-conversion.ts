import { randomUUID } from 'node:crypto';
import type { CreateConversionInput } from '@vectrace/contract';
import { MAX_PIXELS } from '@vectrace/tracer';
import { type ImageType, sniffImageType } from '@vectrace/tracer/decode';
import sharp, { type Metadata } from 'sharp';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ObjectNotFoundError, uploadKey } from '../../storage/object-store.js';
import { countConversion, planTypeOf } from '../auth/queries.js';
import { type Owner, ownerColumns } from '../owner.js';
import { describeFileKind } from '../uploads/file-kind.js';
import { findOwnedUpload } from '../uploads/queries.js';
import { type ConversionRow, findConversion, insertConversion } from './queries.js';

const extensions: Record<ImageType, string[]> = { png: ['.png'], jpeg: ['.jpg', '.jpeg'] };
const typeName: Record<ImageType, string> = { png: 'PNG', jpeg: 'JPEG' };
const uploadGone = new AppError(404, 'Upload not found. Please upload the image again.');

/**
 * Checks the upload (the caller's, really a PNG or JPEG by its bytes and named so, within the
 * pixel limit by its header), records the conversion as pending and puts it in the queue.
 */
export async function createConversion(
  deps: Deps,
  owner: Owner,
  input: CreateConversionInput,
): Promise<ConversionRow> {
  const { db, store, queue, clock } = deps;
  const uploadId = input.originalFileUrl.split('/').pop() ?? '';
  const upload = await findOwnedUpload(db, uploadId, owner);
  if (!upload || upload.size === null || upload.deletedAt !== null) throw uploadGone;
  const bytes = await store.read(uploadKey(upload.id)).catch((err) => {
    throw err instanceof ObjectNotFoundError ? uploadGone : err;
  });
  await checkImage(bytes, input.originalFileName);

  const planType = owner.userId ? await planTypeOf(db, owner.userId) : undefined;
  const id = randomUUID();
  await db.transaction().execute(async (tx) => {
    await insertConversion(tx, {
      id,
      ...ownerColumns(owner),
      uploadId: upload.id,
      originalFileName: input.originalFileName,
      originalFileUrl: input.originalFileUrl,
      vectorFileUrl: null,
      status: 'pending',
      paymentId: null,
      settings: JSON.stringify(input.settings),
      errorMessage: null,
      stage: null,
      vectorCount: null,
      fileSize: null,
      // Pro conversions go ahead of the others (spec: priority processing).
      priority: planType === 'pro' ? 1 : 0,
      processingStartedAt: null,
      completedAt: null,
      paidAt: null,
      // The promise is about the upload: its result goes when the original does.
      expiresAt: new Date(Date.parse(upload.createdAt) + deps.config.retentionMs).toISOString(),
      expiredAt: null,
      createdAt: clock().toISOString(),
    });
    if (owner.userId) await countConversion(tx, owner.userId);
  });
  queue.enqueue(id);
  const row = await findConversion(db, id);
  if (!row) throw new Error('conversion vanished after insert');
  return row;
}

async function checkImage(bytes: Buffer, fileName: string): Promise<void> {
  const type = sniffImageType(bytes);
  if (!type) {
    const kind = describeFileKind(bytes);
    throw new AppError(
      400,
      kind
        ? `File type must be PNG or JPEG, but this file is ${kind} (whatever its name says). Please save it as PNG or JPEG and upload it again.`
        : 'File type must be PNG or JPEG, but the contents of this file are not a PNG or JPEG image (whatever its name says). Please save it as PNG or JPEG and upload it again.',
    );
  }
  const extension = /\.[^.]*$/.exec(fileName.toLowerCase())?.[0] ?? '';
  if (!extensions[type].includes(extension)) {
    throw new AppError(
      400,
      `File type must match the file name: this file is a ${typeName[type]} image, so its name should end in ${extensions[type].join(' or ')}.`,
    );
  }
  // The header gives the size before any pixel is decoded: a pixel bomb costs nothing here. sharp's
  // own limit (268 megapixels) must be off for this header read, or a bigger bomb makes metadata()
  // fail, and the image would go to the queue unchecked.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(
      400,
      `This ${typeName[type]} image could not be read: its header is damaged. Please export or save it again and upload the new file.`,
    );
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PIXELS) {
    throw new AppError(
      400,
      `The image is larger than ${MAX_PIXELS / 1e6} megapixels (${width} × ${height} pixels). Please scale it down and upload it again.`,
    );
  }
}
