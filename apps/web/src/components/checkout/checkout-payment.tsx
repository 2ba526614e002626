import type { Stripe } from '@stripe/stripe-js';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PaymentConfig, PlanId } from '@vectrace/contract';
import type { PaymentIntentHandle } from '../../hooks/use-payment-intent';
import { ApiError } from '../../lib/api';
import { withoutStatus } from '../../lib/checkout';
import { PayPerUseMissing } from './pay-per-use-missing';
import { PaymentProblem } from './payment-problem';
import { ProSubscriptionForm } from './pro-subscription-form';
import { SandboxPaymentForm } from './sandbox-payment-form';
import { StripePaymentForm } from './stripe-payment-form';

interface CheckoutPaymentProps {
  plan: PlanId;
  conversionId: string | null;
  config: UseQueryResult<PaymentConfig, Error>;
  keyError: string | null;
  intent: UseQueryResult<PaymentIntentHandle, Error>;
  stripePromise: Promise<Stripe | null> | null;
}

// Asking again helps after a network or server failure, not when the server said no (already paid, unknown).
function retryable(error: Error): boolean {
  return !(error instanceof ApiError && [400, 401, 403, 404, 409].includes(error.status));
}

/** What the Payment Details card holds: the plan's form, or why there is none and what to do. */
export function CheckoutPayment({
  plan,
  conversionId,
  config,
  keyError,
  intent,
  stripePromise,
}: CheckoutPaymentProps) {
  if (config.isError) {
    return (
      <PaymentProblem
        title="Payment setup error"
        message={withoutStatus(config.error.message)}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  if (!config.data) return null;
  if (keyError) return <PaymentProblem title="Payment setup error" message={keyError} />;
  if (plan === 'pro')
    return <ProSubscriptionForm provider={config.data.provider} conversionId={conversionId} />;
  if (!conversionId) return <PayPerUseMissing />;
  if (intent.isError) {
    return (
      <PaymentProblem
        title="Checkout could not start"
        message={withoutStatus(intent.error.message)}
        onRetry={retryable(intent.error) ? () => void intent.refetch() : undefined}
        retrying={intent.isFetching}
      />
    );
  }
  if (!intent.data) return null;
  return stripePromise ? (
    <StripePaymentForm stripePromise={stripePromise} intent={intent.data} conversionId={conversionId} />
  ) : (
    <SandboxPaymentForm intent={intent.data} conversionId={conversionId} />
  );
}
