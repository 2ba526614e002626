import type { CheckoutSessionAnswer, CreateCheckoutSessionInput } from '@vectrace/contract';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { findUserById, type UserRow } from '../auth/queries.js';
import { findOwnedConversion } from '../conversions/queries.js';
import { proPrice } from './fulfil.js';
import { setCustomerOnce } from './queries.js';

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

/** A hosted checkout for the Pro subscription; it returns to the home page, which verifies it. */
export async function createCheckoutSession(
  deps: Deps,
  user: UserRow,
  input: CreateCheckoutSessionInput,
  origin: string,
): Promise<CheckoutSessionAnswer> {
  if (user.planType === 'pro')
    throw new AppError(409, "You're already on the Pro plan: every conversion downloads without paying.");
  const conversionId = input.conversion_id ?? null;
  if (conversionId && !(await findOwnedConversion(deps.db, conversionId, { userId: user.id })))
    throw notFound();

  const withConversion = conversionId ? `&conversion_id=${encodeURIComponent(conversionId)}` : '';
  const session = await deps.payments.createCheckoutSession({
    customer: await customerOf(deps, user),
    clientReferenceId: user.id,
    price: proPrice,
    successUrl: `${origin}/?payment=success&session_id={CHECKOUT_SESSION_ID}${withConversion}`,
    cancelUrl: `${origin}/checkout?plan=pro${withConversion}`,
    metadata: { user_id: user.id, ...(conversionId ? { conversion_id: conversionId } : {}) },
  });
  if (!session.url) throw new AppError(502, 'Failed to create checkout session');
  return { url: session.url };
}
