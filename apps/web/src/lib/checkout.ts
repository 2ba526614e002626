import { type PlanId, planIds } from '@vectrace/contract';

/** Session storage key for where to go after signing in (set by the Pro checkout). */
export const RETURN_TO_KEY = 'return_to';

/** The plan in `/checkout?plan=...`: pay-per-use or pro; anything else (or nothing) is pro. */
export function parsePlan(value: string | null | undefined): PlanId {
  return planIds.find((plan) => plan === value) ?? 'pro';
}

/** A price in dollars as the integer cents the payment intent request carries (spec section 9). */
export function amountInCents(price: number): number {
  return Math.round(price * 100);
}

/**
 * What is wrong with the public payment key, or null when it will do (spec section 5).
 * A secret key must never reach the browser; an empty one cannot start Stripe.
 */
export function publishableKeyError(config: { provider: string; publishableKey: string }): string | null {
  const key = config.publishableKey.trim();
  if (key.startsWith('sk_')) {
    return 'The payment key is a secret key. It must be a publishable key (starts with pk_).';
  }
  if (config.provider === 'stripe' && key === '') {
    return 'The payment key is missing. It must be a publishable key (starts with pk_).';
  }
  return null;
}

/** Card number as typed: digits only (at most 19), in groups of four. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Expiry as typed: "MM / YY"; a first digit above 1 is a month on its own ("4" is "04"). */
export function formatExpiry(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** CVC as typed: digits only, at most 4. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}

/** Where a paid conversion goes: the home page, which verifies the payment (spec section 2). */
export function paymentSuccessPath(paymentIntentId: string, conversionId: string): string {
  const params = new URLSearchParams({
    payment: 'success',
    payment_intent: paymentIntentId,
    conversion_id: conversionId,
  });
  return `/?${params.toString()}`;
}

/** The return address Stripe sends the browser to after a redirecting payment method (spec section 7). */
export function paymentReturnUrl(origin: string, conversionId: string): string {
  return `${origin}/?payment=success&conversion_id=${encodeURIComponent(conversionId)}`;
}

/** The Pro checkout to come back to after signing in. */
export function proCheckoutPath(conversionId: string | null): string {
  return `/checkout?plan=pro${conversionId ? `&conversion_id=${encodeURIComponent(conversionId)}` : ''}`;
}

/** The sentence of an API error, without the "{status}: " the client puts in front. */
export function withoutStatus(message: string): string {
  return message.replace(/^\d{3}: /, '');
}

/** Which card field a card error is about (Stripe's wording), so only that one is marked invalid. */
export function cardErrorField(message: string): 'number' | 'expiry' | 'cvc' | null {
  if (/card number/i.test(message)) return 'number';
  if (/expiration|expiry/i.test(message)) return 'expiry';
  if (/security code|cvc/i.test(message)) return 'cvc';
  return null;
}
