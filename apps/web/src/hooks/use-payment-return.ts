import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiJson } from '../lib/api';
import {
  CURRENT_CONVERSION_KEY,
  readPaymentReturn,
  shouldVerify,
  VERIFY_DELAY_MS,
  withoutPaymentParams,
} from '../lib/payment-return';
import { toast } from './use-toast';

interface VerifyPaymentAnswer {
  success: boolean;
  paymentStatus?: string;
  message?: string;
}

/**
 * After a return from payment (spec sections 2 and 4): about 1 s after load, verify it; on success
 * refresh the conversions and drop the payment parameters, otherwise say it is still being confirmed.
 * Returns the conversion the payment was for, if the address names one.
 */
export function usePaymentReturn(): string | null {
  const queryClient = useQueryClient();
  const ret = readPaymentReturn(window.location.search, sessionStorage.getItem(CURRENT_CONVERSION_KEY));

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page loaded with
  useEffect(() => {
    if (!shouldVerify(ret)) return;
    const timer = setTimeout(async () => {
      try {
        const answer = await apiJson<VerifyPaymentAnswer>('POST', '/api/verify-payment', {
          payment_intent_id: ret.paymentIntentId,
          session_id: ret.sessionId,
          conversion_id: ret.conversionId,
        });
        if (!answer.success) throw new Error(answer.message ?? 'Payment not confirmed yet');
        await queryClient.invalidateQueries({ queryKey: ['/api/conversions'] });
        await queryClient.invalidateQueries({ queryKey: ['/api/user'] });
        window.history.replaceState(window.history.state, '', withoutPaymentParams(window.location.href));
        toast({
          title: 'Payment Verified',
          description: 'Your payment has been confirmed. You can now download your converted files.',
        });
      } catch (error) {
        // Verification failures are logged; the user is told it is still being confirmed.
        console.warn('Payment verification did not succeed:', error);
        toast({
          title: 'Payment Processing',
          description: "We're confirming your payment. This may take a moment.",
        });
      }
    }, VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return ret.succeeded ? ret.conversionId : null;
}
