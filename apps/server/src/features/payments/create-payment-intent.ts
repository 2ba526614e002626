import { type CreatePaymentIntentInput, isPaid, type PaymentIntentAnswer } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { missingAsUndefined, type PaymentIntent } from '../../payments/payment-provider.js';
import { expiredMessage } from '../../retention-policy.js';
import { planTypeOf } from '../auth/queries.js';
import { findOwnedConversion } from '../conversions/queries.js';
import type { Owner } from '../owner.js';
import { conversionPrice, fulfilPaymentIntent } from './fulfil.js';
import { setConversionPaymentId } from './queries.js';

/** No payment is taken for files deleted sooner than this. */
const PAY_BEFORE_DELETION_MS = 10 * 60_000;

// A payment intent that can still be paid, at today's price: the one to show again.
const reusable = (intent: PaymentIntent) =>
  intent.amount === conversionPrice.amount &&
  intent.currency === conversionPrice.currency &&
  ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'].includes(
    intent.status,
  );

/**
 * One payment intent per conversion (Stripe: "exactly one PaymentIntent for each order"): made
 * once under an idempotency key, then shown again; the price is the server's, never the client's.
 */
export async function createPaymentIntent(
  deps: Deps,
  owner: Owner,
  input: CreatePaymentIntentInput,
): Promise<PaymentIntentAnswer> {
  const { db, payments } = deps;
  const row = await findOwnedConversion(db, input.conversion_id, owner);
  if (!row) throw notFound();
  if (row.expiredAt) throw new AppError(410, 'gone', expiredMessage(deps.config));
  if (row.status === 'failed') {
    throw new AppError(
      409,
      'conversion_failed',
      'This conversion failed, so there is nothing to pay for. Convert the image again, with other settings if need be.',
    );
  }
  if (row.status !== 'completed')
    throw new AppError(
      409,
      'not_ready',
      'This conversion is not finished yet: pay once its vector is ready.',
    );
  // Paid this close to deletion, the download could be gone before it is made.
  if (Date.parse(row.expiresAt) - deps.clock().getTime() < PAY_BEFORE_DELETION_MS) {
    throw new AppError(
      409,
      'conflict',
      'The files of this conversion are deleted in less than 10 minutes, too soon to pay for it. Please upload the image again, convert it and pay then.',
    );
  }
  if (isPaid(row.paymentStatus))
    throw new AppError(
      409,
      'conflict',
      'This conversion is already paid for: download it from the converter.',
    );
  if (owner.userId && (await planTypeOf(db, owner.userId)) === 'pro') {
    throw new AppError(409, 'conflict', "You're on the Pro plan: this conversion downloads without paying.");
  }

  if (row.paymentId) {
    const existing = await payments.retrievePaymentIntent(row.paymentId).catch(missingAsUndefined);
    if (existing && reusable(existing))
      return { clientSecret: existing.client_secret ?? '', paymentIntentId: existing.id };
    // Paid, but the news had not reached us yet (a lost webhook): record it now.
    if (existing && !(await fulfilPaymentIntent(deps, existing, row))) {
      throw new AppError(
        409,
        'conflict',
        'This conversion is already paid for: download it from the converter.',
      );
    }
  }

  const intent = await payments.createPaymentIntent(
    {
      ...conversionPrice,
      description: `Vectrace conversion: ${row.originalFileName}`,
      metadata: {
        conversion_id: row.id,
        ...(owner.userId ? { user_id: owner.userId } : { visitor_id: owner.visitorId ?? '' }),
      },
    },
    `pi:${row.id}:${row.paymentId ?? 'first'}`,
  );
  await setConversionPaymentId(db, row.id, intent.id, row.paymentId);
  return { clientSecret: intent.client_secret ?? '', paymentIntentId: intent.id };
}
