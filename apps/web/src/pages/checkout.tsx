import { useQuery } from '@tanstack/react-query';
import { type PaymentConfig, plans } from '@vectrace/contract';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { CheckoutHeader } from '../components/checkout/checkout-header';
import { CheckoutPayment } from '../components/checkout/checkout-payment';
import { FullPageSpinner } from '../components/checkout/full-page-spinner';
import { ImageBeingBought } from '../components/checkout/image-being-bought';
import { PaymentDetailsCard } from '../components/checkout/payment-details-card';
import { PlanCard } from '../components/checkout/plan-card';
import { PurchaseLine } from '../components/checkout/purchase-line';
import { SecurePaymentNote } from '../components/checkout/secure-payment-note';
import { productName } from '../components/layout/brand';
import { mainContentId } from '../components/layout/skip-link';
import { usePageMeta } from '../hooks/use-page-meta';
import { usePaymentIntent } from '../hooks/use-payment-intent';
import { parsePlan, publishableKeyError } from '../lib/checkout';
import { CURRENT_CONVERSION_KEY } from '../lib/payment-return';
import { queryKeys } from '../lib/query-keys';
import { stripeFor } from '../lib/stripe-loader';

/** Checkout: the plan (default pro), the secure payment note and the payment details. */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const plan = parsePlan(params.get('plan'));
  const conversionId = params.get('conversion_id') || null;
  usePageMeta(
    `Checkout: ${plans[plan].title} | ${productName}`,
    `Complete your purchase of the ${plans[plan].title}.`,
  );

  useEffect(() => {
    if (conversionId) sessionStorage.setItem(CURRENT_CONVERSION_KEY, conversionId);
  }, [conversionId]);

  const config = useQuery<PaymentConfig, Error>({ queryKey: queryKeys.paymentConfig });
  const keyError = config.data ? publishableKeyError(config.data) : null;
  const usable = config.data && !keyError ? config.data : null;
  // Stripe.js loads with the page (spec section 7), for either plan.
  const publishableKey = usable?.provider === 'stripe' ? usable.publishableKey : null;
  const stripePromise = useMemo(() => (publishableKey ? stripeFor(publishableKey) : null), [publishableKey]);
  const intent = usePaymentIntent(plan === 'pay-per-use' && usable ? conversionId : null);

  const preparing =
    config.isPending ||
    (plan === 'pay-per-use' && usable !== null && conversionId !== null && !intent.data && !intent.isError);
  if (preparing) return <FullPageSpinner />;

  const provider = config.data?.provider;
  return (
    <div className="min-h-screen">
      <CheckoutHeader provider={provider} />
      <main id={mainContentId} className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <h1 className="text-3xl font-bold tracking-tight">Complete Your Purchase</h1>
        <PurchaseLine plan={plan} />
        <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-6">
            {conversionId ? <ImageBeingBought conversionId={conversionId} /> : null}
            <PlanCard plan={plan} />
            <SecurePaymentNote provider={provider} />
          </div>
          <PaymentDetailsCard plan={plan}>
            <CheckoutPayment
              plan={plan}
              conversionId={conversionId}
              config={config}
              keyError={keyError}
              intent={intent}
              stripePromise={stripePromise}
            />
          </PaymentDetailsCard>
        </div>
      </main>
    </div>
  );
}
