import { randomBytes } from 'node:crypto';
import type { SandboxCard } from '@vectrace/contract';
import type { Clock } from '../clock.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Db } from '../db/index.js';
import {
  type CheckoutSession,
  type PaymentEvent,
  type PaymentIntent,
  PaymentObjectNotFoundError,
  type PaymentProvider,
  PaymentRefusedError,
  type Subscription,
  type SubscriptionPrice,
  WebhookSignatureError,
} from './payment-provider.js';
import { checkCard } from './sandbox-cards.js';

// The sandbox's own records beside Stripe's shapes: what its pages need to show.
type SandboxSession = CheckoutSession & { success_url: string; cancel_url: string; price: SubscriptionPrice };
type SandboxSubscription = Subscription & { price: SubscriptionPrice };
type PortalSession = { id: string; customer: string; return_url: string };
type Customer = { id: string; email?: string; metadata: Record<string, string> };

/** A calendar month after `from`, in Unix seconds, as a monthly subscription renews. */
function monthAfter(from: Date): number {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return Math.floor(next.getTime() / 1000);
}

const newId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** The sandbox's extra calls: what Stripe.js, Stripe Checkout and the portal do on Stripe's side. */
export interface SandboxPayments {
  /** Confirms a payment intent with a card; the events are what Stripe would send. */
  confirmPaymentIntent(id: string, clientSecret: string, card: SandboxCard): Promise<PaymentEvent[]>;
  checkoutSession(id: string): Promise<SandboxSession>;
  /** Pays a subscription checkout with a card: a subscription starts. */
  payCheckoutSession(
    id: string,
    card: SandboxCard,
  ): Promise<{ session: SandboxSession; events: PaymentEvent[] }>;
  portalSession(id: string): Promise<{ portal: PortalSession; subscription: SandboxSubscription | null }>;
  /** Cancels the portal customer's subscription at the end of the period paid for. */
  cancelSubscription(portalId: string): Promise<{ portal: PortalSession; events: PaymentEvent[] }>;
}

/**
 * Payments with no outside service and no real money (the embedded default): Stripe's object
 * model (payment intents, checkout sessions, subscriptions, events) kept in the database.
 */
export function sandboxProvider(db: Db, clock: Clock): PaymentProvider & { sandbox: SandboxPayments } {
  async function read<T>(id: string, object: string): Promise<T> {
    const row = await db
      .selectFrom('sandboxObjects')
      .select('data')
      .where('id', '=', id)
      .where('object', '=', object)
      .executeTakeFirst();
    if (!row) throw new PaymentObjectNotFoundError(`No such ${object.replace('_', ' ')}: '${id}'`);
    return JSON.parse(row.data) as T;
  }

  async function write<T extends { id: string; customer?: string | null }>(
    object: string,
    value: T,
  ): Promise<T> {
    const data = JSON.stringify(value);
    await db
      .insertInto('sandboxObjects')
      .values({
        id: value.id,
        object,
        customer: value.customer ?? null,
        data,
        createdAt: clock().toISOString(),
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ data }))
      .execute();
    return value;
  }

  // Idempotency as Stripe keeps it: the first object made under a key is the answer for that key.
  async function once<T extends { id: string }>(key: string, object: string, make: () => T): Promise<T> {
    const existing = await db
      .selectFrom('sandboxIdempotencyKeys')
      .select('objectId')
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing) return read<T>(existing.objectId, object);
    const value = make();
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sandboxIdempotencyKeys').values({ key, objectId: value.id }).execute();
        await trx
          .insertInto('sandboxObjects')
          .values({ id: value.id, object, data: JSON.stringify(value), createdAt: clock().toISOString() })
          .execute();
      });
      return value;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return once(key, object, make); // a concurrent request with the same key won: its object is ours
    }
  }

  const event = (type: string, object: { id: string }, kind: string): PaymentEvent => ({
    id: newId('evt'),
    type,
    data: { object: { ...object, object: kind } },
  });

  const chargeCard = (card: SandboxCard) => {
    const check = checkCard(card, clock());
    if (!check.ok) throw new PaymentRefusedError(check.message);
  };

  /**
   * The subscription as it is now: past its period's end it has renewed (the sandbox's card always
   * pays), or ended if it was cancelled, as Stripe would have done by then.
   */
  async function retrieveSubscription(id: string): Promise<SandboxSubscription> {
    const subscription = await read<SandboxSubscription>(id, 'subscription');
    const end = subscription.current_period_end;
    const now = clock();
    if (subscription.status === 'canceled' || end === null || now.getTime() < end * 1000) return subscription;
    if (subscription.cancel_at_period_end)
      return write('subscription', { ...subscription, status: 'canceled' });
    let next = end;
    while (next * 1000 <= now.getTime()) next = monthAfter(new Date(next * 1000));
    return write('subscription', { ...subscription, current_period_end: next });
  }

  async function setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<SandboxSubscription> {
    const subscription = await retrieveSubscription(id);
    if (subscription.status === 'canceled') return subscription;
    return write('subscription', { ...subscription, cancel_at_period_end: cancel });
  }

  const sandbox: SandboxPayments = {
    async confirmPaymentIntent(id, clientSecret, card) {
      const intent = await read<PaymentIntent>(id, 'payment_intent');
      if (intent.client_secret !== clientSecret)
        throw new PaymentObjectNotFoundError(`No such payment intent: '${id}'`);
      if (intent.status === 'succeeded') return [];
      const check = checkCard(card, clock());
      if (!check.ok) {
        await write('payment_intent', { ...intent, last_payment_error: { message: check.message } });
        throw new PaymentRefusedError(check.message);
      }
      const paid = await write('payment_intent', {
        ...intent,
        status: 'succeeded',
        last_payment_error: null,
      });
      return [event('payment_intent.succeeded', paid, 'payment_intent')];
    },

    checkoutSession: (id) => read<SandboxSession>(id, 'checkout_session'),

    async payCheckoutSession(id, card) {
      const session = await read<SandboxSession>(id, 'checkout_session');
      if (session.status === 'expired') {
        throw new PaymentRefusedError('This checkout has expired: start the subscription again.');
      }
      if (session.status !== 'open') return { session, events: [] };
      chargeCard(card);
      const subscription = await write<SandboxSubscription>('subscription', {
        id: newId('sub'),
        status: 'active',
        customer: session.customer ?? '',
        cancel_at_period_end: false,
        current_period_end: monthAfter(clock()),
        metadata: session.metadata,
        price: session.price,
      });
      const complete = await write('checkout_session', {
        ...session,
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
      });
      return {
        session: complete,
        events: [event('checkout.session.completed', complete, 'checkout.session')],
      };
    },

    async portalSession(id) {
      const portal = await read<PortalSession>(id, 'billing_portal_session');
      const latest = await db
        .selectFrom('sandboxObjects')
        .select('data')
        .where('customer', '=', portal.customer)
        .where('object', '=', 'subscription')
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
      if (!latest) return { portal, subscription: null };
      const { id: subscriptionId } = JSON.parse(latest.data) as SandboxSubscription;
      return { portal, subscription: await retrieveSubscription(subscriptionId) };
    },

    async cancelSubscription(portalId) {
      const { portal, subscription } = await sandbox.portalSession(portalId);
      if (!subscription || subscription.status === 'canceled' || subscription.cancel_at_period_end) {
        return { portal, events: [] };
      }
      const cancelled = await setCancelAtPeriodEnd(subscription.id, true);
      return { portal, events: [event('customer.subscription.updated', cancelled, 'subscription')] };
    },
  };

  return {
    name: 'sandbox',
    publishableKey: 'pk_sandbox_no_real_payments',
    sandbox,
    createCustomer: ({ email, userId }, key) =>
      once<Customer>(key, 'customer', () => ({ id: newId('cus'), email, metadata: { user_id: userId } })),
    createPaymentIntent: ({ amount, currency, metadata }, key) =>
      once<PaymentIntent>(key, 'payment_intent', () => {
        const id = newId('pi');
        return {
          id,
          amount,
          currency,
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata,
          last_payment_error: null,
        };
      }),
    retrievePaymentIntent: (id) => read<PaymentIntent>(id, 'payment_intent'),
    async createCheckoutSession(input) {
      const id = newId('cs');
      return write<SandboxSession>('checkout_session', {
        id,
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        // Stands in for checkout.stripe.com: a page of the web app, on the site's own origin.
        url: new URL(`/sandbox/checkout/${id}`, input.successUrl).toString(),
        customer: input.customer,
        client_reference_id: input.clientReferenceId,
        subscription: null,
        metadata: input.metadata,
        success_url: input.successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: input.cancelUrl,
        price: input.price,
      });
    },
    retrieveCheckoutSession: (id) => read<SandboxSession>(id, 'checkout_session'),
    async expireCheckoutSession(id) {
      const session = await read<SandboxSession>(id, 'checkout_session');
      return session.status === 'open'
        ? write('checkout_session', { ...session, status: 'expired' })
        : session;
    },
    retrieveSubscription,
    setCancelAtPeriodEnd,
    async createPortalSession({ customer, returnUrl }) {
      await read<Customer>(customer, 'customer');
      const portal = await write<PortalSession>('billing_portal_session', {
        id: newId('bps'),
        customer,
        return_url: returnUrl,
      });
      return { url: new URL(`/sandbox/portal/${portal.id}`, returnUrl).toString() };
    },
    constructEvent() {
      throw new WebhookSignatureError('The sandbox sends no webhooks: its events are applied as they happen');
    },
  };
}
