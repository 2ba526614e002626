import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, loaded once per key (the pure entry loads nothing until asked).
 * A script that fails to load (offline, blocked) resolves to null, and the next call tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey).catch((error: unknown) => {
      console.warn('Stripe.js did not load:', error);
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, promise);
  }
  return promise;
}
