/** Session storage key for the conversion a checkout is paying for (spec section 2). */
export const CURRENT_CONVERSION_KEY = 'current_conversion_id';

/** How long after page load the payment is verified (spec section 9). */
export const VERIFY_DELAY_MS = 1000;

/** What the address says after a return from payment. */
export interface PaymentReturn {
  paymentIntentId: string | null;
  sessionId: string | null;
  /** payment=success marks a completed payment. */
  succeeded: boolean;
  /** Stripe says a redirecting payment method failed (redirect_status=failed). */
  failed: boolean;
  conversionId: string | null;
}

/** Reads the return from payment; conversion_id falls back to the one kept in session storage. */
export function readPaymentReturn(search: string, storedConversionId: string | null): PaymentReturn {
  const params = new URLSearchParams(search);
  return {
    paymentIntentId: params.get('payment_intent') || null,
    sessionId: params.get('session_id') || null,
    succeeded: params.get('payment') === 'success' && params.get('redirect_status') !== 'failed',
    failed: params.get('redirect_status') === 'failed',
    conversionId: params.get('conversion_id') || storedConversionId || null,
  };
}

/**
 * Verification runs with payment=success and a payment intent for a known conversion (spec
 * section 5), or a Pro checkout session, which the pricing cards start without a conversion.
 */
export function shouldVerify(ret: PaymentReturn): boolean {
  if (!ret.succeeded) return false;
  return ret.sessionId !== null || (ret.paymentIntentId !== null && ret.conversionId !== null);
}

const paymentParams = [
  'payment',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
  'session_id',
  'conversion_id',
];

/** The address without the payment intent's client secret, which must not stay in the history. */
export function withoutClientSecret(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('payment_intent_client_secret');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address without the payment parameters, as it is left after verification. */
export function withoutPaymentParams(href: string): string {
  const url = new URL(href);
  for (const name of paymentParams) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}
