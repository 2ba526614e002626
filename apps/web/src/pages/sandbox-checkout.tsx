import { useQuery } from '@tanstack/react-query';
import { apiPaths, formatPrice, type SandboxCard, type SandboxCheckoutSession } from '@vectrace/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'wouter';
import { SandboxCardForm } from '../components/checkout/sandbox-card-form';
import { SandboxHostedMessage, SandboxHostedShell } from '../components/checkout/sandbox-hosted-shell';
import { TestCardsHint } from '../components/checkout/test-mode-notice';
import { productName } from '../components/layout/brand';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { ApiError, apiJson } from '../lib/api';
import { withoutStatus } from '../lib/checkout';
import { queryKeys } from '../lib/query-keys';

/** `/sandbox/checkout/:id`: the sandbox's stand-in for Stripe Checkout, for the Pro subscription. */
export function SandboxCheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  usePageMeta(`Subscribe to Pro | ${productName} (test mode)`, 'Test checkout: no real payment is taken.');
  const session = useQuery<SandboxCheckoutSession, Error>({
    queryKey: queryKeys.sandboxCheckoutSession(id),
  });

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status" aria-label="Loading checkout">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  } else if (session.isError) {
    const unknown = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <SandboxHostedMessage title={unknown ? 'This checkout link is not valid' : 'Checkout unavailable'}>
        <p className="text-sm text-muted-foreground">
          {unknown
            ? `It may have expired. Start the subscription again from ${productName}.`
            : withoutStatus(session.error.message)}
        </p>
        <HomeButton />
      </SandboxHostedMessage>
    );
  } else if (session.data.status === 'expired') {
    body = (
      <SandboxHostedMessage title="This checkout has expired">
        <p className="text-sm text-muted-foreground">
          A newer checkout was started. Start the subscription again from {productName}.
        </p>
        <HomeButton />
      </SandboxHostedMessage>
    );
  } else if (session.data.status === 'complete') {
    body = (
      <SandboxHostedMessage title="This checkout is already complete">
        <p className="text-sm text-muted-foreground">
          The subscription has been set up. Nothing more to pay.
        </p>
        <HomeButton />
      </SandboxHostedMessage>
    );
  } else {
    body = <OpenCheckout session={session.data} />;
  }
  return <SandboxHostedShell>{body}</SandboxHostedShell>;
}

function HomeButton() {
  return (
    <Button asChild className="self-start">
      <a href="/">Return to {productName}</a>
    </Button>
  );
}

function OpenCheckout({ session }: { session: SandboxCheckoutSession }) {
  const price = formatPrice(session.amount, session.currency);
  const pay = async (card: SandboxCard) => {
    const answer = await apiJson<{ url?: string }>('POST', apiPaths.sandboxCheckoutSessionPay(session.id), {
      card,
    });
    if (!answer.url) throw new Error('Payment failed');
    window.location.assign(answer.url);
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-16">
      <section aria-labelledby="summary-title" className="flex min-w-0 flex-col gap-6">
        <a
          href={session.cancelUrl ?? '/'}
          className="flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back
        </a>
        <div className="flex items-center gap-2">
          <img src="/favicon.svg" alt="" className="size-7" width={28} height={28} />
          <span className="font-semibold">{productName}</span>
        </div>
        <div>
          <h1 id="summary-title" className="text-base font-normal text-muted-foreground">
            Subscribe to {session.planTitle}
          </h1>
          <p className="mt-1 flex items-baseline gap-2">
            <span className="text-4xl font-bold tracking-tight">{price}</span>
            <span className="text-sm text-muted-foreground">per {session.interval}</span>
          </p>
        </div>
        <dl className="flex flex-col gap-3 border-t border-border pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt>{session.planTitle}</dt>
            <dd className="font-medium">{price}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-border pt-3 font-semibold">
            <dt>Total due today</dt>
            <dd>{price}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted-foreground">Billed every {session.interval}. Cancel any time.</p>
      </section>
      <section
        aria-labelledby="pay-title"
        className="flex min-w-0 flex-col gap-5 rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
      >
        <h2 id="pay-title" className="text-lg font-semibold">
          Pay with card
        </h2>
        {session.email ? (
          <div className="flex flex-col gap-1 text-sm">
            <span className="font-medium">Email</span>
            <span className="truncate rounded-lg border border-border bg-muted px-3 py-2 text-muted-foreground">
              {session.email}
            </span>
          </div>
        ) : null}
        <TestCardsHint className="text-sm" />
        <SandboxCardForm submitLabel="Subscribe" onPay={pay} />
        <p className="text-xs text-muted-foreground">
          By subscribing you allow {productName} to charge {price} every {session.interval} until you cancel.
        </p>
      </section>
    </div>
  );
}
