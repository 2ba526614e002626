import { randomUUID } from 'node:crypto';
import type { CreateConversionInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { ObjectNotFoundError, uploadKey } from '../../storage/object-store.js';
import { countConversion, planTypeOf } from '../auth/queries.js';
import { checkTraceQuota, lockOwner } from '../limits/quotas.js';
import { type Owner, ownerColumns } from '../owner.js';
import { checkFileName, checkImage } from '../uploads/check-image.js';
import { findOwnedUpload } from '../uploads/queries.js';
import {
  type ConversionRow,
  findConversion,
  insertConversion,
  payUploadedConversion,
  queuedOrTracing,
} from './queries.js';

/** How many of a Pro owner's waiting conversions go ahead of everyone else's. */
export const PRO_PRIORITY_TURNS = 3;

const uploadGone = new AppError(404, 'not_found', 'Upload not found. Please upload the image again.');

/**
 * Checks the upload (the caller's, really an accepted image by its bytes and named so, within the
 * pixel limit by its header) and the owner's quota, records the conversion as pending and puts it
 * in the queue, behind the owner's own waiting conversions (the fair queue).
 */
export async function createConversion(
  deps: Deps,
  owner: Owner,
  input: CreateConversionInput,
  /** The output options of an /api/v1 job (JSON), for its resultUrl. */
  resultOptions?: string,
  /** How long its files are kept, when asked for less than the server keeps them (an API call's `retention`). */
  keepMs?: number,
): Promise<ConversionRow> {
  const { db, store, queue, clock } = deps;
  const uploadId = input.originalFileUrl.split('/').pop() ?? '';
  const upload = await findOwnedUpload(db, uploadId, owner);
  if (!upload || upload.size === null || upload.deletedAt !== null) throw uploadGone;
  const bytes = await store.read(uploadKey(upload.id)).catch((err) => {
    throw err instanceof ObjectNotFoundError ? uploadGone : err;
  });
  // Its rows were decoded as it arrived: the header's type and size are checked again.
  checkFileName(await checkImage(bytes, { firstRows: false }), input.originalFileName);

  const planType = owner.userId ? await planTypeOf(db, owner.userId) : undefined;
  const id = randomUUID();
  await db.transaction().execute(async (tx) => {
    await lockOwner(tx, owner);
    // Pro is not capped (spec: unlimited conversions), only taken in turns with everyone else.
    if (planType !== 'pro') await checkTraceQuota(tx, owner, deps.config.quotas, clock());
    const queueRound = await queuedOrTracing(tx, owner);
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
      notice: null,
      // Pro conversions go ahead of the others (spec: priority processing), the first
      // PRO_PRIORITY_TURNS waiting at once: a Pro batch beyond them takes turns with everyone.
      priority: planType === 'pro' && queueRound < PRO_PRIORITY_TURNS ? 1 : 0,
      queueRound,
      processingStartedAt: null,
      completedAt: null,
      paidAt: null,
      // The promise is about the upload: its result goes when the original does (or sooner, asked).
      expiresAt: new Date(
        Math.min(
          Date.parse(upload.createdAt) + deps.config.retentionMs,
          keepMs === undefined ? Number.POSITIVE_INFINITY : clock().getTime() + keepMs,
        ),
      ).toISOString(),
      expiredAt: null,
      createdAt: clock().toISOString(),
      resultOptions,
    });
    if (owner.userId) await countConversion(tx, owner.userId);
  });
  await payUploadedConversion(db, id);
  queue.enqueue([id]);
  const row = await findConversion(db, id);
  if (!row) throw new Error('conversion vanished after insert');
  return row;
}
