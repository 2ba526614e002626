import { apiPaths } from '@vectrace/contract';

/**
 * The keys of the cached GETs. A key's segments joined with slashes are its address (getQueryFn
 * fetches that), and a conversion's keys start with the list's, so invalidating the list reaches
 * every conversion on screen too.
 */
export const queryKeys = {
  user: [apiPaths.user],
  account: [apiPaths.account],
  apiKeys: [apiPaths.apiKeys],
  paymentConfig: [apiPaths.paymentConfig],
  conversions: [apiPaths.conversions],
  /** Null while none is on screen: the query waits, disabled. */
  conversion: (id: string | null) => [apiPaths.conversions, id],
  receiptLink: (id: string) => [apiPaths.conversions, id, 'receipt-link'],
  sandboxCheckoutSession: (id: string) => [apiPaths.sandboxCheckoutSessions, id],
  sandboxPortalSession: (id: string) => [apiPaths.sandboxPortalSessions, id],
  openApiDocument: [apiPaths.openApiDocument],
  /** Not an address: the payment intent is a POST, cached once per conversion by its own query. */
  paymentIntent: (conversionId: string | null) => ['create-payment-intent', conversionId],
} as const;
