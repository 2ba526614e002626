import type { Db } from '../../db/index.js';
import type { UserRow } from '../auth/queries.js';

/** Records the payment intent made for a conversion, unless another was recorded meanwhile. */
export async function setConversionPaymentId(
  db: Db,
  conversionId: string,
  paymentId: string,
  previous: string | null,
): Promise<void> {
  await db
    .updateTable('conversions')
    .set({ paymentId })
    .where('id', '=', conversionId)
    .where((eb) => (previous === null ? eb('paymentId', 'is', null) : eb('paymentId', '=', previous)))
    .execute();
}

/** Marks a conversion paid by its own payment intent; paidAt is set once, however often it is called. */
export async function markConversionPaid(
  db: Db,
  conversionId: string,
  paymentId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('conversions')
    .set({ paymentStatus: 'paid', paidAt: now.toISOString() })
    .where('id', '=', conversionId)
    .where('paymentId', '=', paymentId)
    .where('paymentStatus', '<>', 'paid')
    .execute();
}

export function findUserByCustomer(db: Db, customer: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('stripeCustomerId', '=', customer).executeTakeFirst();
}

/** Links the provider's customer to the user, once: a customer made meanwhile is kept. */
export async function setCustomerOnce(db: Db, userId: string, customer: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ stripeCustomerId: customer })
    .where('id', '=', userId)
    .where('stripeCustomerId', 'is', null)
    .execute();
}

/** Swaps a customer the provider no longer has for a new one. */
export async function replaceCustomer(
  db: Db,
  userId: string,
  previous: string,
  customer: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ stripeCustomerId: customer })
    .where('id', '=', userId)
    .where('stripeCustomerId', '=', previous)
    .execute();
}

/** Remembers the user's latest checkout, unless another was recorded since `previous`; false then. */
export async function setCheckoutSession(
  db: Db,
  userId: string,
  sessionId: string,
  previous: string | null,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ checkoutSessionId: sessionId })
    .where('id', '=', userId)
    .where((eb) =>
      previous === null ? eb('checkoutSessionId', 'is', null) : eb('checkoutSessionId', '=', previous),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's plan as their subscription makes it. */
export async function setSubscription(
  db: Db,
  userId: string,
  subscription: { id: string; status: string; customer: string },
  planType: 'pro' | 'free',
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      planType,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      stripeCustomerId: eb.fn.coalesce('stripeCustomerId', eb.val(subscription.customer)),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function isEventRecorded(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('paymentEvents').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** Stores an applied event's id; false if it was stored already. */
export async function recordEvent(db: Db, id: string, type: string, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('paymentEvents')
    .values({ id, type, createdAt: now.toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
