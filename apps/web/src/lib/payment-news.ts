import { MAX_BATCH_FILES, type VerifyPaymentAnswer } from '@vectrace/contract';
import type { ToastInput } from '../hooks/use-toast';

/** How often a payment the provider is still processing is asked about, after the first time. */
export const VERIFY_ATTEMPTS = 5;
export const VERIFY_AGAIN_MS = 3000;

/** What a verification says: paid for one image, Pro, not yet, or no. */
export type VerifyOutcome =
  | { kind: 'paid' }
  | { kind: 'pro' }
  | { kind: 'pending' }
  | { kind: 'refused'; reason: string };

/** The server's answer as an outcome. */
export function verifyOutcome(answer: VerifyPaymentAnswer): VerifyOutcome {
  if (answer.success) return { kind: answer.paymentStatus === 'subscription_active' ? 'pro' : 'paid' };
  if (answer.pending) return { kind: 'pending' };
  return { kind: 'refused', reason: answer.message };
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The toast for each outcome: what happened, and what to do when it is not what was hoped. A
 * payment still processing says so while it is asked again (spec: "Payment Processing"), and ends
 * in a clear sentence once the asking stops; it is never left on screen as if something were coming.
 */
export function paymentNews(
  outcome: VerifyOutcome,
  { lastAttempt = true, pro = false }: { lastAttempt?: boolean; pro?: boolean } = {},
): ToastInput {
  switch (outcome.kind) {
    case 'paid':
      return {
        title: 'Payment Verified',
        description: 'Your payment has been confirmed. Your vector is ready to download.',
      };
    case 'pro':
      return {
        title: "You're on Pro",
        description: `Every conversion now downloads without paying, and you can convert up to ${MAX_BATCH_FILES} images at once.`,
      };
    case 'pending':
      return lastAttempt
        ? {
            title: 'Payment not confirmed yet',
            description:
              'Your bank is still processing the payment, so the download stays locked for now. Reload this page in a few minutes to check again.',
          }
        : {
            title: 'Payment Processing',
            description: "We're confirming your payment. This may take a moment.",
          };
    case 'refused':
      return {
        title: 'Payment not confirmed',
        description: `${sentence(outcome.reason)} Nothing has been unlocked: ${pro ? 'to get Pro, subscribe again from the Pro checkout' : 'to download, pay from the converter'}.`,
        variant: 'destructive',
      };
  }
}

/** The address said the payment succeeded but names no payment to check. */
export const nothingToVerify: ToastInput = {
  title: 'Payment not confirmed',
  description:
    'This address names no payment we can check. Nothing has been unlocked: to download, pay from the converter.',
  variant: 'destructive',
};
