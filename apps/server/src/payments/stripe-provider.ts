import Stripe from 'stripe';
import {
  type CheckoutSession,
  type PaymentEvent,
  type PaymentIntent,
  PaymentObjectNotFoundError,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type Subscription,
  WebhookSignatureError,
} from './payment-provider.js';

type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: URL | undefined;
};

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe, through the official client (which retries connection errors, 409 and 5xx with the same key). */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const { apiUrl } = settings;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(apiUrl
      ? {
          host: apiUrl.hostname,
          port: apiUrl.port || undefined,
          protocol: apiUrl.protocol.replace(':', '') as 'http',
        }
      : {}),
  });

  // Stripe's errors, sorted by what the caller can do about them.
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') {
        throw new PaymentObjectNotFoundError(err.message);
      }
      if (err instanceof Stripe.errors.StripeCardError) throw new PaymentRefusedError(err.message);
      if (err instanceof Stripe.errors.StripeError) {
        throw new PaymentProviderUnavailableError(`Stripe: ${err.type}: ${err.message}`, { cause: err });
      }
      throw err;
    }
  }

  const toIntent = (pi: Stripe.PaymentIntent): PaymentIntent => ({
    id: pi.id,
    amount: pi.amount,
    currency: pi.currency,
    status: pi.status,
    client_secret: pi.client_secret,
    metadata: pi.metadata ?? {},
    last_payment_error: pi.last_payment_error ? { message: pi.last_payment_error.message ?? null } : null,
  });
  const toSession = (s: Stripe.Checkout.Session): CheckoutSession => ({
    id: s.id,
    mode: s.mode,
    status: s.status,
    payment_status: s.payment_status,
    url: s.url,
    customer: idOf(s.customer),
    client_reference_id: s.client_reference_id,
    subscription: idOf(s.subscription),
    metadata: s.metadata ?? {},
  });
  const toSubscription = (s: Stripe.Subscription): Subscription => ({
    id: s.id,
    status: s.status,
    customer: idOf(s.customer) ?? '',
    cancel_at_period_end: s.cancel_at_period_end,
    current_period_end: periodEndOf(s),
    metadata: s.metadata ?? {},
  });

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,
    createCustomer: ({ email, userId }, idempotencyKey) =>
      call(() => stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey })),
    createPaymentIntent: async ({ amount, currency, description, metadata }, idempotencyKey) =>
      toIntent(
        await call(() =>
          stripe.paymentIntents.create(
            { amount, currency, description, metadata, automatic_payment_methods: { enabled: true } },
            { idempotencyKey },
          ),
        ),
      ),
    retrievePaymentIntent: async (id) => toIntent(await call(() => stripe.paymentIntents.retrieve(id))),
    createCheckoutSession: async (input) =>
      toSession(
        await call(() =>
          stripe.checkout.sessions.create({
            mode: 'subscription',
            customer: input.customer,
            client_reference_id: input.clientReferenceId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.price.currency,
                  unit_amount: input.price.amount,
                  recurring: { interval: input.price.interval },
                  product_data: { name: input.price.name },
                },
              },
            ],
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            metadata: input.metadata,
            subscription_data: { metadata: input.metadata },
          }),
        ),
      ),
    retrieveCheckoutSession: async (id) => toSession(await call(() => stripe.checkout.sessions.retrieve(id))),
    async expireCheckoutSession(id) {
      const session = await call(() => stripe.checkout.sessions.retrieve(id));
      if (session.status !== 'open') return toSession(session);
      return toSession(await call(() => stripe.checkout.sessions.expire(id)));
    },
    retrieveSubscription: async (id) => toSubscription(await call(() => stripe.subscriptions.retrieve(id))),
    setCancelAtPeriodEnd: async (id, cancel) =>
      toSubscription(await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: cancel }))),
    createPortalSession: async ({ customer, returnUrl }) => {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return { url: session.url };
    },
    constructEvent(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
      // Stripe's check refuses old timestamps only: one from the future would replay for longer.
      const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1]);
      if (signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_S) {
        throw new WebhookSignatureError('Timestamp is in the future');
      }
      try {
        return stripe.webhooks.constructEvent(
          rawBody,
          signature,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_S,
        ) as unknown as PaymentEvent;
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
    },
  };
}

/** How far a webhook's signing time may be from now, either way (Stripe's default). */
const WEBHOOK_TOLERANCE_S = 300;

// The period's end is on the subscription's items in current API versions, and on the
// subscription itself in older ones.
function periodEndOf(s: Stripe.Subscription): number | null {
  const item = s.items?.data?.[0] as { current_period_end?: number } | undefined;
  const top = (s as unknown as { current_period_end?: number }).current_period_end;
  return item?.current_period_end ?? top ?? null;
}
