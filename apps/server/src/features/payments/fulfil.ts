import { plans } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import type { PaymentIntent, Subscription } from '../../payments/payment-provider.js';
import { findUserById } from '../auth/queries.js';
import type { ConversionRow } from '../conversions/queries.js';
import { sendReceipt } from '../receipts/send-receipt.js';
import { findUserByCustomer, markConversionPaid, setSubscription, usersPastPeriodEnd } from './queries.js';

/** The price of one conversion, set here and nowhere by the client (RELIABILITY check 1). */
export const conversionPrice = { amount: plans['pay-per-use'].priceCents, currency: 'usd' } as const;

/** The Pro subscription's price (spec section 9). */
export const proPrice = {
  amount: plans.pro.priceCents,
  currency: 'usd',
  interval: 'month',
  name: 'Vectrace Pro Plan',
} as const;

// Past due keeps Pro while the provider retries the card; it ends when the provider gives up
// (unpaid or canceled) or the subscription is cancelled.
const proStatuses = new Set(['active', 'trialing', 'past_due']);

/** Whether a subscription in this status makes its user Pro. */
export const grantsPro = (status: string) => proStatuses.has(status);

/** Why this payment intent does not pay for this conversion, or null when it does. */
export function paymentProblem(intent: PaymentIntent, row: ConversionRow): string | null {
  if (intent.metadata.conversion_id !== row.id || row.paymentId !== intent.id) {
    return 'This payment was made for another conversion.';
  }
  if (intent.amount !== conversionPrice.amount || intent.currency !== conversionPrice.currency) {
    return 'This payment is not for the price of a conversion.';
  }
  if (intent.status !== 'succeeded') {
    return intent.status === 'processing'
      ? 'The payment is still being processed.'
      : 'The payment has not been completed.';
  }
  return null;
}

/** Marks the conversion paid if the intent, as the provider has it now, pays for it. */
export async function fulfilPaymentIntent(
  deps: Deps,
  intent: PaymentIntent,
  row: ConversionRow,
): Promise<string | null> {
  const problem = paymentProblem(intent, row);
  if (problem) return problem;
  await markConversionPaid(deps.db, row.id, intent.id, deps.clock());
  // Whichever path fulfils first (the return page, the webhook, the sandbox), the receipt goes
  // once, beside the payment: mail that fails is logged and never fails the payment.
  sendReceipt(deps, row.id);
  return null;
}

/**
 * Applies a subscription, as the provider has it now, to its user: an active one makes them Pro;
 * an ended one makes them free again, unless they have since started another.
 */
export async function syncSubscription(
  deps: Deps,
  subscription: Subscription,
  userId?: string | null,
): Promise<void> {
  const user = userId
    ? await findUserById(deps.db, userId)
    : await findUserByCustomer(deps.db, subscription.customer);
  if (!user) return;
  if (grantsPro(subscription.status)) {
    await setSubscription(deps.db, user.id, subscription, 'pro');
  } else if (!user.stripeSubscriptionId || user.stripeSubscriptionId === subscription.id) {
    await setSubscription(deps.db, user.id, subscription, 'free');
  }
}

/**
 * Reads again the subscriptions of Pro users whose paid period has ended: renewed, they stay Pro
 * until the next end; cancelled at the period's end, they become free. Stripe also says so by
 * webhook; this covers a missed event and the sandbox, which sends none.
 */
export async function settleEndedPeriods(deps: Deps): Promise<number> {
  const ids = await usersPastPeriodEnd(deps.db, deps.clock());
  for (const id of ids) {
    const user = await findUserById(deps.db, id);
    if (user?.stripeSubscriptionId) {
      await syncSubscription(deps, await deps.payments.retrieveSubscription(user.stripeSubscriptionId), id);
    }
  }
  return ids.length;
}
