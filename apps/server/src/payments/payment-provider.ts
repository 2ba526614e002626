// The payment provider's objects, in Stripe's own shape and field names: the sandbox keeps the
// same model, so everything above this interface is the same for both providers.

export interface PaymentIntent {
  id: string;
  amount: number;
  currency: string;
  /** requires_payment_method, requires_confirmation, requires_action, processing, succeeded, canceled */
  status: string;
  client_secret: string | null;
  metadata: Record<string, string>;
  last_payment_error?: { message?: string | null } | null;
}

export interface CheckoutSession {
  id: string;
  mode: string;
  /** open, complete or expired */
  status: string | null;
  payment_status: string;
  url: string | null;
  customer: string | null;
  client_reference_id: string | null;
  subscription: string | null;
  metadata: Record<string, string>;
}

export interface Subscription {
  id: string;
  /** active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused */
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  /** End of the period paid for, in Unix seconds: the renewal, or the end once cancelled. */
  current_period_end: number | null;
  metadata: Record<string, string>;
}

/** A provider event: which object changed. The object itself is read again before acting. */
export interface PaymentEvent {
  id: string;
  type: string;
  data: { object: { id: string; object: string; [field: string]: unknown } };
}

/** The subscription price, set by the server (spec section 9: $5.99 per month). */
export interface SubscriptionPrice {
  /** In cents. */
  amount: number;
  currency: string;
  interval: 'month';
  name: string;
}

/** Stripe, or the sandbox: the calls the payment use-cases make. */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /** The key the browser uses (pk_...). */
  readonly publishableKey: string;
  /** `email` is left out for an account that has none it may be mailed at. */
  createCustomer(input: { email?: string; userId: string }, idempotencyKey: string): Promise<{ id: string }>;
  createPaymentIntent(
    input: { amount: number; currency: string; description: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  createCheckoutSession(input: {
    customer: string;
    clientReferenceId: string;
    price: SubscriptionPrice;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
  }): Promise<CheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /** Closes a checkout that is still open, so it can no longer be paid; returns it as it now is. */
  expireCheckoutSession(id: string): Promise<CheckoutSession>;
  retrieveSubscription(id: string): Promise<Subscription>;
  /** Cancels at the end of the period paid for (true), or takes that back before it ends (false). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<Subscription>;
  createPortalSession(input: { customer: string; returnUrl: string }): Promise<{ url: string }>;
  /** Checks the signature over the exact raw bytes and parses the event. */
  constructEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** The provider has no such object (a made-up or foreign id). */
export class PaymentObjectNotFoundError extends Error {}

/** The provider could not be reached, failed, or refused our own request: logged, and the user is told to try later. */
export class PaymentProviderUnavailableError extends Error {}

/** A webhook whose signature does not hold: nothing in it is acted on. */
export class WebhookSignatureError extends Error {}

/** The card was refused (declined, mistyped): the provider's sentence is for the user. */
export class PaymentRefusedError extends Error {}

/** For `.catch()`: an object the provider does not have reads as undefined; other errors stay. */
export function missingAsUndefined(err: unknown): undefined {
  if (err instanceof PaymentObjectNotFoundError) return undefined;
  throw err;
}
