/** The two ways to pay (spec section 3 "Plan", section 9 prices). */
export const plans = {
  'pay-per-use': { title: 'Pay Per Conversion', price: 1, priceCents: 100, per: 'conversion' },
  pro: { title: 'Pro Plan', price: 5.99, priceCents: 599, per: 'month' },
} as const;

/** A plan's id, as in `/checkout?plan=...`. */
export type PlanId = keyof typeof plans;
export const planIds = ['pay-per-use', 'pro'] as const satisfies readonly PlanId[];

/** The user's plan type (spec section 3: default 'free'). */
export const planTypes = ['free', 'pro'] as const;
export type PlanType = (typeof planTypes)[number];
