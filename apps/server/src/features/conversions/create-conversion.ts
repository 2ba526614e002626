import { randomUUID } from 'node:crypto';
import type { CreateConversionInput } from '@vectrace/contract';
import { MAX_PIXELS } from '@vectrace/tracer';
import { type ImageType, sniffImageType } from '@vectrace/tracer/decode';
import sharp from 'sharp';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ObjectNotFoundError, uploadKey } from '../../storage/object-store.js';
import { type Owner, ownerColumns } from '../owner.js';
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

  const user = owner.userId
    ? await db.selectFrom('users').select('planType').where('id', '=', owner.userId).executeTakeFirst()
    : undefined;
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
      vectorCount: null,
      fileSize: null,
      // Pro conversions go ahead of the others (spec: priority processing).
      priority: user?.planType === 'pro' ? 1 : 0,
      processingStartedAt: null,
      completedAt: null,
      paidAt: null,
      expiredAt: null,
      createdAt: clock().toISOString(),
    });
    if (owner.userId) {
      await tx
        .updateTable('users')
        .set((eb) => ({ conversionsUsed: eb('conversionsUsed', '+', 1) }))
        .where('id', '=', owner.userId)
        .execute();
    }
  });
  queue.enqueue(id);
  const row = await findConversion(db, id);
  if (!row) throw new Error('conversion vanished after insert');
  return row;
}

async function checkImage(bytes: Buffer, fileName: string): Promise<void> {
  const type = sniffImageType(bytes);
  if (!type) {
    throw new AppError(400, 'File type must be PNG or JPEG: this file is not a PNG or JPEG image.');
  }
  const extension = /\.[^.]*$/.exec(fileName.toLowerCase())?.[0] ?? '';
  if (!extensions[type].includes(extension)) {
    throw new AppError(
      400,
      `File type must match the file name: this file is a ${typeName[type]} image, so its name should end in ${extensions[type].join(' or ')}.`,
    );
  }
  // The header gives the size before any pixel is decoded: a pixel bomb costs nothing here.
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => undefined);
  if (meta?.width && meta.height && meta.width * meta.height > MAX_PIXELS) {
    throw new AppError(
      400,
      `The image is larger than ${MAX_PIXELS / 1e6} megapixels (${meta.width} × ${meta.height} pixels). Please scale it down and upload it again.`,
    );
  }
}
