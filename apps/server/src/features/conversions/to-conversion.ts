import {
  type Conversion,
  type ConversionStage,
  type ConversionStatus,
  defaultConversionSettings,
  type PaymentStatus,
  type TracedMode,
} from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { type ConversionRow, queuePosition } from './queries.js';

/**
 * A conversion row as its owner sees it, with its place in the queue while pending. An unpaid
 * conversion of a Pro user reads `subscription_active` while the subscription lasts.
 */
export async function toConversion(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  row: ConversionRow,
  ownerIsPro: boolean,
): Promise<Conversion> {
  const paymentStatus =
    row.paymentStatus !== 'paid' && ownerIsPro ? 'subscription_active' : row.paymentStatus;
  return {
    id: row.id,
    originalFileName: row.originalFileName,
    originalFileUrl: row.originalFileUrl,
    status: row.status as ConversionStatus,
    paymentStatus: paymentStatus as PaymentStatus,
    // Conversions made before a setting existed took its default.
    settings: { ...defaultConversionSettings, ...JSON.parse(row.settings) },
    errorMessage: row.errorMessage,
    vectorCount: row.vectorCount,
    fileSize: row.fileSize,
    notice: row.notice,
    reading: row.reading,
    tracedMode: row.tracedMode as TracedMode | null,
    queuePosition: row.status === 'pending' ? await queuePosition(db, row) : null,
    stage: stageOf(row),
    uploadId: row.uploadId,
    createdAt: row.createdAt,
    processingStartedAt: row.processingStartedAt,
    completedAt: row.completedAt,
    paidAt: row.paidAt,
    expiresAt: row.expiresAt,
    // The sweeper deletes what is past its expiry at its next run.
    deletedBy: new Date(Date.parse(row.expiresAt) + config.sweepIntervalMs).toISOString(),
    expired: row.expiredAt !== null,
  };
}

function stageOf(row: ConversionRow): ConversionStage | null {
  if (row.status === 'pending') return 'queued';
  if (row.status === 'processing') return (row.stage as ConversionStage | null) ?? 'reading';
  return null;
}
