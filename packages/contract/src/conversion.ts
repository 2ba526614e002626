import type { TracedMode } from './settings.js';
import type { ConversionSettings } from './settings-schema.js';

/** A conversion's life: waiting in the queue, tracing, done, or failed with a reason. */
export const conversionStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

/** Statuses that count as in progress and are listed in the queue (spec section 4). */
export const inProgressStatuses: readonly ConversionStatus[] = ['pending', 'processing'];

/**
 * Where a conversion's trace has got to, for the progress bar: waiting in the queue, then the
 * worker's stages. Null once it has ended (completed or failed).
 */
export const conversionStages = ['queued', 'reading', 'tracing', 'saving'] as const;
export type ConversionStage = (typeof conversionStages)[number];

/** `paymentStatus` values; 'paid' and 'subscription_active' count as paid (spec section 4). */
export const paymentStatuses = ['unpaid', 'paid', 'subscription_active'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Whether a payment status unlocks downloads. */
export function isPaid(paymentStatus: string): boolean {
  return paymentStatus === 'paid' || paymentStatus === 'subscription_active';
}

/** A conversion as its owner sees it. */
export interface Conversion {
  id: string;
  originalFileName: string;
  originalFileUrl: string;
  status: ConversionStatus;
  paymentStatus: PaymentStatus;
  settings: ConversionSettings;
  /** Why it failed, in words a person can act on. */
  errorMessage: string | null;
  vectorCount: number | null;
  /** Size of the SVG in bytes. */
  fileSize: number | null;
  /** Something to know about a completed result, e.g. that it was traced at a reduced size. */
  notice: string | null;
  /** How the image was read, shown under the result: "Read as a color image, 6 colors". */
  reading: string | null;
  /** The mode the result was traced in: the one asked for, or the one Auto chose; null before. */
  tracedMode: TracedMode | null;
  /** 1 for the next conversion to start; null unless pending. */
  queuePosition: number | null;
  /** The trace's stage while pending or processing; null once it has ended. */
  stage: ConversionStage | null;
  /** The upload it was traced from: a payment unlocks every conversion of the same upload. */
  uploadId: string;
  createdAt: string;
  processingStartedAt: string | null;
  completedAt: string | null;
  paidAt: string | null;
  /** When the original and the result stop being kept: the upload's time plus the server's retention. */
  expiresAt: string;
  /** When they are deleted at the latest (the deleter runs every few minutes): within 24 hours of upload. */
  deletedBy: string;
  /** True once the files have been deleted; downloads then answer 410. */
  expired: boolean;
}

/**
 * Server-sent events, `GET /api/conversions/{id}/events`: one `conversion` event with the
 * Conversion as JSON now and at every change, until it ends (completed, failed or expired), then
 * the stream closes. A client that cannot keep the stream open polls `GET /api/conversions/{id}`.
 */
export const conversionEventsPath = (id: string) => `/api/conversions/${id}/events`;

/** A small PNG of a conversion's original, for the history list (`GET`, owner only). */
export const conversionThumbnailPath = (id: string) => `/api/conversions/${id}/thumbnail`;
