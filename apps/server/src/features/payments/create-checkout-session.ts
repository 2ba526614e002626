import type { CheckoutSessionAnswer, CreateCheckoutSessionInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import {
  type CheckoutSession,
  missingAsUndefined,
  PaymentObjectNotFoundError,
} from '../../payments/payment-provider.js';
import { findUserById, mailboxOf, planTypeOf, type UserRow } from '../auth/queries.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { proPrice, syncSubscription } from './fulfil.js';
import { replaceCustomer, setCheckoutSession, setCustomerOnce } from './queries.js';

const alreadyPro = "You're already on the Pro plan: every conversion downloads without paying.";

/** The user's customer at the provider: made once (under an idempotency key) and reused. */
async function customerOf(deps: Deps, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await deps.payments.createCustomer(
    { email: mailboxOf(user), userId: user.id },
    `customer:${user.id}`,
  );
  await setCustomerOnce(deps.db, user.id, customer.id);
  return (await findUserById(deps.db, user.id))?.stripeCustomerId ?? customer.id;
}

/**
 * Closes the user's previous checkout if it is still open. If it was paid and the news has not
 * reached us yet (a late webhook), it is applied now instead of starting a second subscription.
 */
async function closePreviousCheckout(deps: Deps, user: UserRow): Promise<void> {
  if (!user.checkoutSessionId) return;
  const previous = await deps.payments
    .expireCheckoutSession(user.checkoutSessionId)
    .catch(missingAsUndefined);
  if (previous?.status !== 'complete' || !previous.subscription) return;
  await syncSubscription(deps, await deps.payments.retrieveSubscription(previous.subscription), user.id);
  if ((await planTypeOf(deps.db, user.id)) === 'pro') throw new AppError(409, 'conflict', alreadyPro);
}

/**
 * A hosted checkout for the Pro subscription; it returns to the home page, which verifies it.
 * One checkout per user at a time, so two tabs cannot start two subscriptions.
 */
export async function createCheckoutSession(
  deps: Deps,
  user: UserRow,
  input: CreateCheckoutSessionInput,
  origin: string,
): Promise<CheckoutSessionAnswer> {
  const { payments, db } = deps;
  if (user.planType === 'pro') throw new AppError(409, 'conflict', alreadyPro);
  const conversionId = input.conversion_id ?? null;
  if (conversionId && !(await findOwnedConversion(db, conversionId, { userId: user.id }))) throw notFound();
  await closePreviousCheckout(deps, user);

  const withConversion = conversionId ? `&conversion_id=${encodeURIComponent(conversionId)}` : '';
  const start = async (customer: string): Promise<CheckoutSession> =>
    payments.createCheckoutSession({
      customer,
      clientReferenceId: user.id,
      price: proPrice,
      successUrl: `${origin}/?payment=success&session_id={CHECKOUT_SESSION_ID}${withConversion}`,
      cancelUrl: `${origin}/checkout?plan=pro${withConversion}`,
      metadata: { user_id: user.id, ...(conversionId ? { conversion_id: conversionId } : {}) },
    });

  const customer = await customerOf(deps, user);
  const session = await start(customer).catch(async (err: unknown) => {
    // The stored customer is gone at the provider (deleted, or other keys): make a new one.
    if (!(err instanceof PaymentObjectNotFoundError)) throw err;
    const fresh = await payments.createCustomer(
      { email: mailboxOf(user), userId: user.id },
      `customer:${user.id}:${customer}`,
    );
    await replaceCustomer(db, user.id, customer, fresh.id);
    return start(fresh.id);
  });
  if (!(await setCheckoutSession(db, user.id, session.id, user.checkoutSessionId))) {
    // Another checkout started at the same moment and was recorded first: this one is closed.
    await payments.expireCheckoutSession(session.id).catch(missingAsUndefined);
    throw new AppError(409, 'conflict', 'Another checkout was started at the same moment: please try again.');
  }
  if (!session.url) throw new AppError(502, 'unavailable', 'Failed to create checkout session');
  return { url: session.url };
}
