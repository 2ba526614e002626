import { useMutation } from '@tanstack/react-query';
import { apiPaths, type CheckoutSessionAnswer, offers, type PaymentConfig } from '@vectrace/contract';
import { ArrowRight, CircleCheck, ExternalLink, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { paymentFailedToast } from '../../hooks/use-payment-succeeded';
import { apiJson, errorMessage } from '../../lib/api';
import { proCheckoutPath, RETURN_TO_KEY } from '../../lib/checkout';
import { Button } from '../ui/button';
import { PendingButton } from '../ui/pending-button';
import { Spinner } from '../ui/spinner';

interface ProSubscriptionFormProps {
  provider: PaymentConfig['provider'];
  conversionId: string | null;
}

/** Pro: to the hosted checkout for the monthly subscription; signed in, and not Pro already. */
export function ProSubscriptionForm({ provider, conversionId }: ProSubscriptionFormProps) {
  const { user, isLoading } = useAuth();
  const subscribe = useMutation({
    mutationFn: async () => {
      const answer = await apiJson<Partial<CheckoutSessionAnswer>>('POST', apiPaths.createCheckoutSession, {
        plan: 'pro',
        conversion_id: conversionId,
      });
      if (!answer.url) throw new Error('Failed to create checkout session');
      return answer.url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => paymentFailedToast(errorMessage(error, 'Failed to create checkout session')),
  });

  if (isLoading) {
    return (
      <div className="flex justify-center py-6" role="status" aria-label="Loading">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="flex flex-col gap-4 rounded-lg border border-border bg-muted/50 p-4">
        <div>
          <p className="font-semibold">Sign in to subscribe</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Pro belongs to your account, so sign in or create one first. You'll come straight back here.
          </p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link
            href="/auth"
            onClick={() => sessionStorage.setItem(RETURN_TO_KEY, proCheckoutPath(conversionId))}
          >
            <LogIn aria-hidden="true" />
            Sign in or create an account
          </Link>
        </Button>
      </div>
    );
  }

  if (user.planType === 'pro') {
    return (
      <div className="flex flex-col gap-4 rounded-lg border border-success/30 bg-success-soft p-4">
        <div className="flex items-start gap-3">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <div>
            <p className="font-semibold">You're already on the Pro plan</p>
            <p className="mt-1 text-sm text-muted-foreground">
              Your conversions download without paying again. Manage your subscription from the home page.
            </p>
          </div>
        </div>
        <Button asChild variant="outline" className="self-start">
          <Link href="/">
            Go to the converter
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    );
  }

  // Busy from the click until the browser leaves for the checkout page.
  const busy = subscribe.isPending || subscribe.isSuccess;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ExternalLink aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {provider === 'sandbox'
          ? "You'll go to a test checkout page to set up the monthly subscription. Test mode: no real payment."
          : "You'll be redirected to Stripe's secure checkout to set up your monthly subscription."}
      </p>
      <PendingButton
        size="lg"
        className="w-full"
        pending={busy}
        pendingLabel="Processing..."
        onClick={() => subscribe.mutate()}
      >
        Start Subscription - {offers.pro.price}/month
      </PendingButton>
    </div>
  );
}
