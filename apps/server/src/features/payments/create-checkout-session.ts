import type { CheckoutSessionAnswer, CreateCheckoutSessionInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { type CheckoutSession, PaymentObjectNotFoundError } from '../../payments/payment-provider.js';
import { findUserById, type UserRow } from '../auth/queries.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { proPrice } from './fulfil.js';
import { replaceCustomer, setCheckoutSession, setCustomerOnce } from './queries.js';

/** The user's customer at the provider: made once (under an idempotency key) and reused. */
async function customerOf(deps: Deps, user: UserRow): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await deps.payments.createCustomer(
    { email: user.email, userId: user.id },
    `customer:${user.id}`,
  );
  await setCustomerOnce(deps.db, user.id, customer.id);
  return (await findUserById(deps.db, user.id))?.stripeCustomerId ?? customer.id;
}

/**
 * A hosted checkout for the Pro subscription; it returns to the home page, which verifies it.
 * The user's previous checkout is closed first, so two tabs cannot start two subscriptions.
 */
export async function createCheckoutSession(
  deps: Deps,
  user: UserRow,
  input: CreateCheckoutSessionInput,
  origin: string,
): Promise<CheckoutSessionAnswer> {
  const { payments, db } = deps;
  if (user.planType === 'pro')
    throw new AppError(409, "You're already on the Pro plan: every conversion downloads without paying.");
  const conversionId = input.conversion_id ?? null;
  if (conversionId && !(await findOwnedConversion(db, conversionId, { userId: user.id }))) throw notFound();
  if (user.checkoutSessionId)
    await payments.expireCheckoutSession(user.checkoutSessionId).catch(() => undefined);

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
      { email: user.email, userId: user.id },
      `customer:${user.id}:${customer}`,
    );
    await replaceCustomer(db, user.id, customer, fresh.id);
    return start(fresh.id);
  });
  await setCheckoutSession(db, user.id, session.id);
  if (!session.url) throw new AppError(502, 'Failed to create checkout session');
  return { url: session.url };
}
