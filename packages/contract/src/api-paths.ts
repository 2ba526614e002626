import { conversionEventsPath, conversionThumbnailPath } from './conversion.js';

const conversions = '/api/conversions';
const sandboxCheckoutSessions = '/api/sandbox/checkout-sessions';
const sandboxPortalSessions = '/api/sandbox/portal-sessions';

/**
 * Every path of the site API that the web app calls, named once. A path with an id is a function
 * of it; the caller encodes an id only where the address always did (the ids are UUIDs, and a
 * Stripe id is passed on as Stripe wrote it).
 */
export const apiPaths = {
  session: '/api/session',
  user: '/api/user',
  register: '/api/register',
  login: '/api/login',
  loginUnlock: '/api/login/unlock',
  logout: '/api/logout',

  account: '/api/account',
  accountPassword: '/api/account/password',
  accountDelete: '/api/account/delete',
  subscription: (action: 'cancel' | 'resume') => `/api/subscription/${action}`,
  apiKeys: '/api/keys',
  apiKey: (id: string) => `/api/keys/${id}`,

  uploadTicket: '/api/objects/upload',
  conversions,
  /** A page of the history: the conversions older than the one named. */
  conversionsBefore: (id: string) => `${conversions}?before=${id}`,
  conversion: (id: string) => `${conversions}/${id}`,
  receiptLink: (id: string) => `${conversions}/${id}/receipt-link`,
  conversionEvents: conversionEventsPath,
  conversionThumbnail: conversionThumbnailPath,
  preview: (id: string) => `/api/preview/${id}`,
  download: (id: string) => `/api/download/${id}`,
  downloadsZip: '/api/downloads/zip',
  restore: '/api/restore',
  /** Ends a receipt link, for whoever holds it: `{ conversion_id, sig }`, as `restore` takes. */
  endRestoreLink: '/api/restore/end',

  paymentConfig: '/api/config',
  createPaymentIntent: '/api/create-payment-intent',
  verifyPayment: '/api/verify-payment',
  createCheckoutSession: '/api/create-checkout-session',
  billingPortal: '/api/billing-portal',

  // The sandbox stands in for Stripe's pages when no Stripe keys are set.
  sandboxPaymentIntentConfirm: (id: string) =>
    `/api/sandbox/payment-intents/${encodeURIComponent(id)}/confirm`,
  sandboxCheckoutSessions,
  sandboxCheckoutSessionPay: (id: string) => `${sandboxCheckoutSessions}/${encodeURIComponent(id)}/pay`,
  sandboxPortalSessions,
  sandboxPortalSessionCancel: (id: string) => `${sandboxPortalSessions}/${encodeURIComponent(id)}/cancel`,

  /** The developer API's OpenAPI document, which the reference page draws. */
  openApiDocument: '/api/v1/openapi.json',
} as const;
