import type { Db } from '../../db/index.js';
import type { Subscription } from '../../payments/payment-provider.js';
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

/**
 * Marks a conversion paid by its own payment intent, and with it its upload: a payment unlocks the
 * image, so every conversion of the upload, made before or after, is paid too. paidAt is set once,
 * however often it is called.
 */
export async function markConversionPaid(
  db: Db,
  conversionId: string,
  paymentId: string,
  now: Date,
): Promise<void> {
  const paid = await db
    .updateTable('conversions')
    .set({ paymentStatus: 'paid', paidAt: now.toISOString() })
    .where('id', '=', conversionId)
    .where('paymentId', '=', paymentId)
    .where('paymentStatus', '<>', 'paid')
    .returning('uploadId')
    .executeTakeFirst();
  if (!paid) return;
  // The upload first, then its conversions: a conversion created meanwhile checks the upload after
  // its insert (payUploadedConversion), so it is paid by one side or the other.
  await db
    .updateTable('uploads')
    .set((eb) => ({ paidAt: eb.fn.coalesce('paidAt', eb.val(now.toISOString())) }))
    .where('id', '=', paid.uploadId)
    .execute();
  await db
    .updateTable('conversions')
    .set({ paymentStatus: 'paid', paidAt: now.toISOString() })
    .where('uploadId', '=', paid.uploadId)
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
  subscription: Pick<
    Subscription,
    'id' | 'status' | 'customer' | 'cancel_at_period_end' | 'current_period_end'
  >,
  planType: 'pro' | 'free',
): Promise<void> {
  const end = subscription.current_period_end;
  await db
    .updateTable('users')
    .set((eb) => ({
      planType,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: subscription.status,
      subscriptionPeriodEnd: end === null ? null : new Date(end * 1000).toISOString(),
      subscriptionCancelAtPeriodEnd: subscription.cancel_at_period_end ? 1 : 0,
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

/** Pro users whose paid period has ended: their subscription has renewed or ended since. */
export async function usersPastPeriodEnd(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('planType', '=', 'pro')
    .where('subscriptionPeriodEnd', '<', now.toISOString())
    .execute();
  return rows.map((row) => row.id);
}
