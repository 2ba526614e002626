import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { apiPaths, type PaymentIntentAnswer, plans } from '@vectrace/contract';
import { apiJson } from '../lib/api';
import { amountInCents } from '../lib/checkout';
import { queryKeys } from '../lib/query-keys';

/** The payment intent a pay-per-use checkout confirms. */
export interface PaymentIntentHandle {
  clientSecret: string;
  paymentIntentId: string;
}

/**
 * Creates the payment intent for a conversion once, on load (spec section 4). A query keyed on the
 * conversion, so React's doubled effects share one request; dropped as soon as the page is left, so
 * coming back asks the server again (which knows whether it is paid by then).
 */
export function usePaymentIntent(conversionId: string | null): UseQueryResult<PaymentIntentHandle, Error> {
  return useQuery<PaymentIntentHandle, Error>({
    queryKey: queryKeys.paymentIntent(conversionId),
    enabled: conversionId !== null,
    gcTime: 0,
    queryFn: async () => {
      try {
        return await apiJson<PaymentIntentAnswer>('POST', apiPaths.createPaymentIntent, {
          plan: 'pay-per-use',
          amount: amountInCents(plans['pay-per-use'].price),
          conversion_id: conversionId,
        });
      } catch (error) {
        // The spec only logs this failure; the page also shows it, so the user can act.
        console.warn('Could not create the payment intent:', error);
        throw error;
      }
    },
  });
}
