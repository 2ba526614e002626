import type { VerifyPaymentAnswer, VerifyPaymentInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { missingAsUndefined } from '../../payments/payment-provider.js';
import { findOwnedConversion } from '../conversions/queries.js';
import type { Owner } from '../owner.js';
import { fulfilPaymentIntent, grantsPro, syncSubscription } from './fulfil.js';

/**
 * The return from payment: the provider's own record of the payment intent or checkout session
 * decides, checked against this conversion and this owner. Safe to repeat.
 */
export async function verifyPayment(
  deps: Deps,
  owner: Owner,
  input: VerifyPaymentInput,
): Promise<VerifyPaymentAnswer> {
  // A payment intent pays for its conversion, which must be the caller's; a Pro checkout needs none.
  const row =
    input.payment_intent_id && input.conversion_id
      ? await findOwnedConversion(deps.db, input.conversion_id, owner)
      : undefined;
  if (input.payment_intent_id && !row) throw notFound();
  const refused = (message: string, pending = false): VerifyPaymentAnswer => ({
    success: false,
    paymentStatus: row?.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    message,
    pending,
  });

  if (input.payment_intent_id && row) {
    const intent = await deps.payments
      .retrievePaymentIntent(input.payment_intent_id)
      .catch(missingAsUndefined);
    if (!intent) return refused('No such payment.');
    if (intent.metadata.user_id && intent.metadata.user_id !== owner.userId) {
      return refused('This payment was made from another account.');
    }
    const problem = await fulfilPaymentIntent(deps, intent, row);
    if (problem) return refused(problem, intent.status === 'processing');
    return {
      success: true,
      paymentStatus: 'paid',
      message: 'Payment verified: you can now download your converted files.',
    };
  }

  if (!owner.userId) throw new AppError(401, 'unauthorized', 'Sign in to confirm your Pro subscription.');
  const session = await deps.payments
    .retrieveCheckoutSession(input.session_id ?? '')
    .catch(missingAsUndefined);
  if (!session) return refused('No such checkout.');
  if (session.mode !== 'subscription' || session.client_reference_id !== owner.userId) {
    return refused('This checkout belongs to another account.');
  }
  if (session.status !== 'complete' || !session.subscription)
    return refused('The subscription has not started yet.');
  const subscription = await deps.payments.retrieveSubscription(session.subscription);
  await syncSubscription(deps, subscription, owner.userId);
  // Incomplete: its first payment is still being confirmed.
  if (!grantsPro(subscription.status))
    return refused('The subscription is not active.', subscription.status === 'incomplete');
  return { success: true, paymentStatus: 'subscription_active', message: 'Your Pro plan is active.' };
}
