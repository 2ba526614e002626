import { z } from 'zod';
import { emailSchema } from './auth.js';
import type { PaymentStatus } from './conversion.js';
import { planIds } from './plans.js';

/** A plan's id, parsed. */
export const planIdSchema = z.enum(planIds);

/** `GET /api/config`: which payment provider runs, and its public key for the browser. */
export interface PaymentConfig {
  /** `sandbox`: no real payments (the embedded default); `stripe`: Stripe, test or live keys. */
  provider: 'stripe' | 'sandbox';
  publishableKey: string;
}

/** The receipt's address as typed at checkout: surrounding spaces dropped, then the spec's e-mail rules. */
export const receiptEmailSchema = z.string().trim().pipe(emailSchema);

/** `POST /api/create-payment-intent` (spec section 3). The server ignores `amount`: it sets the price. */
export const createPaymentIntentSchema = z.object({
  plan: planIdSchema.refine((plan) => plan === 'pay-per-use', {
    message: 'Pay per conversion only: Pro is a subscription, started with create-checkout-session',
  }),
  amount: z.number().optional(),
  conversion_id: z.string({ error: 'conversion_id is required: convert an image, then pay for it' }).min(1),
  /**
   * Where a visitor's receipt goes (optional): `null` sends none, absent keeps the address given
   * before. A signed-in user's receipt goes to the account's e-mail whatever this says.
   */
  email: receiptEmailSchema.nullish(),
});
export type CreatePaymentIntentInput = z.infer<typeof createPaymentIntentSchema>;
export interface PaymentIntentAnswer {
  clientSecret: string;
  paymentIntentId: string;
}

/** `POST /api/create-checkout-session`: the Pro subscription (spec: plan is always pro). */
export const createCheckoutSessionSchema = z.object({
  plan: z.literal('pro', { error: 'Checkout sessions are for the Pro plan' }),
  conversion_id: z.string().min(1).nullish(),
});
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionSchema>;
export interface CheckoutSessionAnswer {
  url: string;
}

/**
 * `POST /api/verify-payment`: a payment intent for a conversion, or a Pro checkout session (with
 * the conversion it was started from, if any: the pricing cards start one without).
 */
export const verifyPaymentSchema = z
  .object({
    payment_intent_id: z.string().min(1).nullish(),
    session_id: z.string().min(1).nullish(),
    conversion_id: z.string().min(1).nullish(),
  })
  .refine((body) => body.payment_intent_id || body.session_id, {
    message: 'payment_intent_id or session_id is required',
  })
  .refine((body) => !body.payment_intent_id || body.conversion_id, {
    message: 'conversion_id is required with payment_intent_id',
  });
export type VerifyPaymentInput = z.infer<typeof verifyPaymentSchema>;
export interface VerifyPaymentAnswer {
  success: boolean;
  paymentStatus: PaymentStatus;
  message: string;
  /** Not confirmed yet, but the provider is still processing it: asking again later may succeed. */
  pending?: boolean;
}

/** `POST /api/billing-portal`: where a Pro user manages or cancels the subscription. */
export interface BillingPortalAnswer {
  url: string;
}

/** The sandbox's card form (standing in for Stripe's Payment Element; spec section 2, Checkout). */
export const sandboxCardSchema = z.object({
  number: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(6),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

/** `GET /api/sandbox/checkout-sessions/:id`: what the sandbox's hosted checkout shows. */
export interface SandboxCheckoutSession {
  id: string;
  planTitle: string;
  /** In cents. */
  amount: number;
  currency: string;
  interval: 'month';
  email: string | null;
  status: 'open' | 'complete' | 'expired';
  cancelUrl: string | null;
}

/** `GET /api/sandbox/portal-sessions/:id`: what the sandbox's billing portal shows. */
export interface SandboxPortalSession {
  id: string;
  returnUrl: string;
  subscription: {
    id: string;
    status: string;
    planTitle: string;
    amount: number;
    currency: string;
    /** Cancelled: it ends at currentPeriodEnd instead of renewing. */
    cancelAtPeriodEnd: boolean;
    /** ISO-8601: the renewal date, or the end once cancelled. */
    currentPeriodEnd: string | null;
  } | null;
}

/**
 * `GET /api/conversions/{id}/receipt-link`: the link the receipt carries, for the owner of a paid
 * conversion. Opened in any browser, it brings the conversion back there until it is deleted.
 * `DELETE` ends it (and every other link to the same image: they answer 410, and the browsers they
 * opened it in lose it); the next `GET` gives a new one.
 */
export interface ReceiptLinkAnswer {
  url: string;
}

/** `POST /api/restore`: what a receipt link carries (`/restore/{conversion_id}?sig=...`). */
export const restoreSchema = z.object({
  conversion_id: z.string().min(1).max(100),
  sig: z.string({ error: 'This link is incomplete: open it again from your receipt.' }).min(1).max(200),
});
export type RestoreInput = z.infer<typeof restoreSchema>;
