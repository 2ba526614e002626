import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { offers } from '@vectrace/contract';
import { type FormEvent, useEffect, useState } from 'react';
import type { PaymentIntentHandle } from '../../hooks/use-payment-intent';
import { paymentFailedToast, usePaymentSucceeded } from '../../hooks/use-payment-succeeded';
import { errorMessage } from '../../lib/api';
import { paymentReturnUrl, paymentSuccessPath } from '../../lib/checkout';
import { FormAlert } from '../ui/form-alert';
import { PendingButton } from '../ui/pending-button';
import { PaymentProblem } from './payment-problem';
import { ReceiptEmailField, useReceiptEmail } from './receipt-email-field';

interface StripePaymentFormProps {
  stripePromise: Promise<Stripe | null>;
  intent: PaymentIntentHandle;
  conversionId: string;
}

/** Pay per conversion with Stripe: the tabbed Payment Element for the intent's client secret. */
export function StripePaymentForm({ stripePromise, intent, conversionId }: StripePaymentFormProps) {
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripePromise.then((stripe) => {
      if (live && !stripe) setUnavailable(true);
    });
    return () => {
      live = false;
    };
  }, [stripePromise]);

  if (unavailable) {
    return (
      <PaymentProblem
        title="Payment form unavailable"
        message="Stripe's payment form could not be loaded. Check your connection, then try again."
        onRetry={() => window.location.reload()}
      />
    );
  }
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret: intent.clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#4338ca' } },
      }}
    >
      <PaymentForm conversionId={conversionId} />
    </Elements>
  );
}

function PaymentForm({ conversionId }: { conversionId: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const succeeded = usePaymentSucceeded();
  const receipt = useReceiptEmail(conversionId);
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if (!stripe || !elements) throw new Error('Stripe not loaded');
      // The card is checked (and a wallet's sheet taken) while the click still counts as the
      // user's, before the receipt's address goes to the server.
      const checked = await elements.submit();
      if (checked.error) throw new Error(checked.error.message || 'Payment failed');
      await receipt.save();
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: paymentReturnUrl(window.location.origin, conversionId) },
        redirect: 'if_required',
      });
      if (result.error) throw new Error(result.error.message || 'Payment failed');
      // No redirect: the payment is settled here. Home verifies it either way.
      if (result.paymentIntent.status === 'succeeded') {
        succeeded(result.paymentIntent.id, conversionId);
      } else {
        // Still processing: home says it is being confirmed.
        window.location.assign(paymentSuccessPath(result.paymentIntent.id, conversionId));
      }
    } catch (error) {
      paymentFailedToast(errorMessage(error, 'Payment failed'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-busy={busy}>
      <ReceiptEmailField receipt={receipt} />
      <PaymentElement
        options={{ layout: 'tabs' }}
        onLoadError={(event) => setLoadError(event.error.message || 'The payment form could not load.')}
      />
      <FormAlert message={loadError} />
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={busy}
        pendingLabel="Processing..."
        disabled={!stripe || !elements}
      >
        Complete Payment - {offers['pay-per-use'].price}
      </PendingButton>
    </form>
  );
}
