import type { ConversionSettings } from './settings-schema.js';

/** A conversion's life: waiting in the queue, tracing, done, or failed with a reason. */
export const conversionStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

/** Statuses that count as in progress and are listed in the queue (spec section 4). */
export const inProgressStatuses: readonly ConversionStatus[] = ['pending', 'processing'];

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
  /** 1 for the next conversion to start; null unless pending. */
  queuePosition: number | null;
  createdAt: string;
  processingStartedAt: string | null;
  completedAt: string | null;
  paidAt: string | null;
  /** When the original and the result are deleted (24 hours after upload). */
  expiresAt: string;
  /** True once the files have been deleted; downloads then answer 410. */
  expired: boolean;
}
