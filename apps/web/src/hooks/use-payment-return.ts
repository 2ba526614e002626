import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, type VerifyPaymentAnswer } from '@vectrace/contract';
import { useEffect } from 'react';
import { ApiError, apiJson } from '../lib/api';
import { withoutStatus } from '../lib/checkout';
import {
  nothingToVerify,
  paymentNews,
  VERIFY_AGAIN_MS,
  VERIFY_ATTEMPTS,
  type VerifyOutcome,
  verifyOutcome,
} from '../lib/payment-news';
import {
  CURRENT_CONVERSION_KEY,
  readPaymentReturn,
  shouldVerify,
  VERIFY_DELAY_MS,
  withoutClientSecret,
  withoutPaymentParams,
} from '../lib/payment-return';
import { queryKeys } from '../lib/query-keys';
import { toast } from './use-toast';

/**
 * After a return from payment (spec sections 2 and 4): about 1 s after load, verify it; on success
 * refresh the conversions and drop the payment parameters. A payment the provider is still
 * processing is asked about again a few times; every return ends in a toast that says what happened
 * (paid, Pro, still processing, or not confirmed, with what to do). Returns the conversion the
 * payment was for, if the address names one.
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
    if (!ret.succeeded) return;
    if (!shouldVerify(ret)) {
      clean();
      toast(nothingToVerify);
      return;
    }
    const pro = ret.sessionId !== null;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (count: number) => {
      let outcome: VerifyOutcome;
      try {
        outcome = verifyOutcome(
          await apiJson<VerifyPaymentAnswer>('POST', apiPaths.verifyPayment, {
            payment_intent_id: ret.paymentIntentId,
            session_id: ret.sessionId,
            conversion_id: ret.conversionId,
          }),
        );
      } catch (error) {
        // Network errors are only logged (spec section 4); an error answer is a refusal.
        console.warn('Payment verification failed:', error);
        if (!(error instanceof ApiError)) return;
        outcome = { kind: 'refused', reason: withoutStatus(error.message) };
      }
      if (stopped) return;
      const lastAttempt = count >= VERIFY_ATTEMPTS;
      if (outcome.kind === 'pending' && !lastAttempt) {
        toast(paymentNews(outcome, { lastAttempt, pro }));
        timer = setTimeout(() => void attempt(count + 1), VERIFY_AGAIN_MS);
        return;
      }
      if (outcome.kind === 'paid' || outcome.kind === 'pro') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.conversions });
        await queryClient.invalidateQueries({ queryKey: queryKeys.user });
      }
      // Still processing, the address keeps the payment so that a reload asks again.
      if (outcome.kind !== 'pending') clean();
      toast(paymentNews(outcome, { lastAttempt, pro }));
    };
    timer = setTimeout(() => void attempt(1), VERIFY_DELAY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return ret.succeeded ? ret.conversionId : null;
}
