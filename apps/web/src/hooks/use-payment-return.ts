import { useQueryClient } from '@tanstack/react-query';
import type { VerifyPaymentAnswer } from '@vectrace/contract';
import { useEffect } from 'react';
import { ApiError, apiJson } from '../lib/api';
import {
  CURRENT_CONVERSION_KEY,
  readPaymentReturn,
  shouldVerify,
  VERIFY_DELAY_MS,
  withoutClientSecret,
  withoutPaymentParams,
} from '../lib/payment-return';
import { toast } from './use-toast';

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
    const clean = () =>
      window.history.replaceState(window.history.state, '', withoutPaymentParams(window.location.href));
    window.history.replaceState(window.history.state, '', withoutClientSecret(window.location.href));
    if (ret.failed) {
      clean();
      toast({
        title: 'Payment Failed',
        description: 'The payment was not completed.',
        variant: 'destructive',
      });
      return;
    }
    if (!shouldVerify(ret)) return;
    const timer = setTimeout(async () => {
      let answer: VerifyPaymentAnswer;
      try {
        answer = await apiJson<VerifyPaymentAnswer>('POST', '/api/verify-payment', {
          payment_intent_id: ret.paymentIntentId,
          session_id: ret.sessionId,
          conversion_id: ret.conversionId,
        });
      } catch (error) {
        // Network errors are only logged (spec section 4); an error answer means not confirmed yet.
        console.warn('Payment verification failed:', error);
        if (!(error instanceof ApiError)) return;
        answer = { success: false, paymentStatus: 'unpaid', message: error.message };
      }
      if (!answer.success) {
        toast({
          title: 'Payment Processing',
          description: "We're confirming your payment. This may take a moment.",
        });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: ['/api/conversions'] });
      await queryClient.invalidateQueries({ queryKey: ['/api/user'] });
      clean();
      toast({
        title: 'Payment Verified',
        description: 'Your payment has been confirmed. You can now download your converted files.',
      });
    }, VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return ret.succeeded ? ret.conversionId : null;
}
