import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, formatPrice, type SandboxPortalSession } from '@vectrace/contract';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'wouter';
import { CancelSubscriptionDialog } from '../components/checkout/cancel-subscription-dialog';
import { SandboxHostedMessage, SandboxHostedShell } from '../components/checkout/sandbox-hosted-shell';
import { productName } from '../components/layout/brand';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { usePageMeta } from '../hooks/use-page-meta';
import { toast } from '../hooks/use-toast';
import { ApiError, apiJson } from '../lib/api';
import { withoutStatus } from '../lib/checkout';
import { longDate } from '../lib/dates';
import { queryKeys } from '../lib/query-keys';
import { subscriptionChanged } from '../lib/subscription-news';

/** `/sandbox/portal/:id`: the sandbox's stand-in for Stripe's customer portal. */
export function SandboxPortalPage() {
  const { id = '' } = useParams<{ id: string }>();
  usePageMeta(`Manage subscription | ${productName} (test mode)`, 'Test billing portal: no real payment.');
  const session = useQuery<SandboxPortalSession, Error>({ queryKey: queryKeys.sandboxPortalSession(id) });

  let body: ReactNode;
  if (session.isPending) {
    body = (
      <div className="flex flex-1 items-center justify-center" role="status" aria-label="Loading">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  } else if (session.isError) {
    const unknown = session.error instanceof ApiError && session.error.status === 404;
    body = (
      <SandboxHostedMessage title={unknown ? 'This billing link is not valid' : 'Billing portal unavailable'}>
        <p className="text-sm text-muted-foreground">
          {unknown
            ? `It may have expired. Open Manage subscription again from ${productName}.`
            : withoutStatus(session.error.message)}
        </p>
        <Button asChild className="self-start">
          <a href="/">Return to {productName}</a>
        </Button>
      </SandboxHostedMessage>
    );
  } else {
    body = <Portal session={session.data} />;
  }
  return <SandboxHostedShell>{body}</SandboxHostedShell>;
}

function Portal({ session }: { session: SandboxPortalSession }) {
  const subscription = session.subscription;
  const active = subscription !== null && subscription.status !== 'canceled';
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', apiPaths.sandboxPortalSessionCancel(session.id)),
    onSuccess: (answer) => {
      // Back on the site, the toast says what happened and until when Pro lasts.
      toast(subscriptionChanged('cancel', longDate(subscription?.currentPeriodEnd)));
      void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      const back = new URL(answer.url || session.returnUrl, window.location.href);
      if (back.origin === window.location.origin) navigate(`${back.pathname}${back.search}${back.hash}`);
      else window.location.assign(back.href);
    },
  });

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <a
        href={session.returnUrl}
        className="flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Return to {productName}
      </a>
      <div className="flex items-center gap-2">
        <img src="/favicon.svg" alt="" className="size-7" width={28} height={28} />
        <span className="font-semibold">{productName}</span>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Your subscription</h1>
      <section
        aria-label="Current plan"
        className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm sm:p-6"
      >
        {subscription ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">{subscription.planTitle}</h2>
              <Badge variant={active ? 'success' : 'neutral'} className="capitalize">
                {subscription.status.replace(/_/g, ' ')}
              </Badge>
            </div>
            <p>
              <span className="text-2xl font-bold tracking-tight">
                {formatPrice(subscription.amount, subscription.currency)}
              </span>{' '}
              <span className="text-muted-foreground">per month</span>
            </p>
            {active && subscription.cancelAtPeriodEnd ? (
              <p className="border-t border-border pt-4 text-sm text-muted-foreground">
                Cancelled: Pro stays until {longDate(subscription.currentPeriodEnd)}, then ends.
              </p>
            ) : active ? (
              <div className="flex flex-col gap-3 border-t border-border pt-4">
                <p className="text-sm text-muted-foreground">
                  Renews on {longDate(subscription.currentPeriodEnd)}. Cancel any time: Pro stays until then.
                </p>
                <CancelSubscriptionDialog
                  onConfirm={() => cancel.mutate()}
                  busy={cancel.isPending || cancel.isSuccess}
                  error={cancel.error ? withoutStatus(cancel.error.message) : null}
                  endsOn={longDate(subscription.currentPeriodEnd)}
                />
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">This subscription has ended.</p>
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">You have no active subscription.</p>
        )}
      </section>
    </div>
  );
}
