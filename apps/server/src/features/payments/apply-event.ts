import type { Deps } from '../../deps.js';
import type { PaymentEvent } from '../../payments/payment-provider.js';
import { findConversion } from '../conversions/queries.js';
import { fulfilPaymentIntent, syncSubscription } from './fulfil.js';
import { isEventRecorded, recordEvent } from './queries.js';

type Handler = (deps: Deps, object: PaymentEvent['data']['object']) => Promise<void>;

// An invoice names its subscription at the top (older API versions) or under parent (newer).
function subscriptionOfInvoice(invoice: Record<string, unknown>): string | null {
  if (typeof invoice.subscription === 'string') return invoice.subscription;
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  const id = parent?.subscription_details?.subscription;
  return typeof id === 'string' ? id : null;
}

const syncSubscriptionById = async (deps: Deps, id: string | null) => {
  if (id) await syncSubscription(deps, await deps.payments.retrieveSubscription(id));
};

// The events we act on. Each handler reads the object again from the provider: events arrive
// late, twice or out of order, and only the provider's current state is trusted.
const handlers: Record<string, Handler> = {
  'payment_intent.succeeded': async (deps, object) => {
    const intent = await deps.payments.retrievePaymentIntent(object.id);
    const row = await findConversion(deps.db, intent.metadata.conversion_id ?? '');
    if (row) await fulfilPaymentIntent(deps, intent, row);
  },
  'checkout.session.completed': async (deps, object) => {
    const session = await deps.payments.retrieveCheckoutSession(object.id);
    if (session.mode !== 'subscription' || !session.subscription) return;
    const subscription = await deps.payments.retrieveSubscription(session.subscription);
    await syncSubscription(deps, subscription, session.client_reference_id);
  },
  'customer.subscription.updated': (deps, object) => syncSubscriptionById(deps, object.id),
  'customer.subscription.deleted': (deps, object) => syncSubscriptionById(deps, object.id),
  'invoice.paid': (deps, object) => syncSubscriptionById(deps, subscriptionOfInvoice(object)),
  'invoice.payment_failed': (deps, object) => syncSubscriptionById(deps, subscriptionOfInvoice(object)),
};

/** The event types to enable for the webhook endpoint. */
export const handledEventTypes = Object.keys(handlers);

/**
 * Applies a provider event once: a failure leaves it unrecorded, so the provider's redelivery
 * applies it; a duplicate is acknowledged and skipped.
 */
export async function applyEvent(
  deps: Deps,
  event: PaymentEvent,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  const handler = handlers[event.type];
  if (!handler) return 'ignored';
  if (await isEventRecorded(deps.db, event.id)) return 'duplicate';
  await handler(deps, event.data.object);
  return (await recordEvent(deps.db, event.id, event.type, deps.clock())) ? 'applied' : 'duplicate';
}
