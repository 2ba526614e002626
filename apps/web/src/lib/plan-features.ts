import type { PlanId } from '@vectrace/contract';

/** What each plan includes, as the pricing cards and the checkout list it (spec section 1). */
export const planFeatures: Record<PlanId, string[]> = {
  'pay-per-use': [
    'Every re-tuning of the image included',
    'All quality settings',
    'SVG download',
    'Multiple formats',
    'No monthly commitment',
  ],
  pro: [
    'Unlimited conversions',
    'All quality settings',
    'Multiple download formats',
    'Priority processing',
    'Batch processing',
    'EPS and PDF formats',
    'Cancellable at any time',
  ],
};

/** A plan's price as the checkout shows it: $5.99 /month or $1 /conversion. */
export function priceLabel(plan: PlanId): { amount: string; per: string } {
  return plan === 'pro' ? { amount: '$5.99', per: '/month' } : { amount: '$1', per: '/conversion' };
}
