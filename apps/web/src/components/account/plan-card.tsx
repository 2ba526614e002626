import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountSummary, apiPaths, offers } from '@vectrace/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { toast } from '../../hooks/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { longDate } from '../../lib/dates';
import { queryKeys } from '../../lib/query-keys';
import { subscriptionChanged } from '../../lib/subscription-news';
import { CancelSubscriptionDialog } from '../checkout/cancel-subscription-dialog';
import { ManageSubscriptionButton } from '../checkout/manage-subscription-button';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Spinner } from '../ui/spinner';

/** The plan: Pro with its renewal or end date (cancel, or keep it), or Free with the way to Pro. */
export function PlanCard({ account }: { account: AccountSummary }) {
  const queryClient = useQueryClient();
  // Cancelling or keeping Pro swaps the button pressed for its opposite: focus goes to that one,
  // not to the page (after the dialog's own attempt to return it to the button that is gone).
  const next = useRef<HTMLButtonElement>(null);
  const swapping = useRef(false);
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      apiJson<AccountSummary>('POST', apiPaths.subscription(action)),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(queryKeys.account, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.user });
      toast(subscriptionChanged(action, longDate(updated.subscription?.currentPeriodEnd)));
      swapping.current = true;
    },
  });
  const pro = account.planType === 'pro';
  const subscription = account.subscription;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the buttons have swapped
  useEffect(() => {
    if (!swapping.current) return;
    swapping.current = false;
    const timer = setTimeout(() => next.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [subscription?.cancelAtPeriodEnd]);
  const date = longDate(subscription?.currentPeriodEnd);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle as="h2">Plan</CardTitle>
        <Badge variant={pro ? 'success' : 'neutral'}>{pro ? 'Pro' : 'Free'}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-lg bg-muted p-3">
            <dt className="text-xs text-muted-foreground">Conversions this month</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{account.conversionsThisMonth}</dd>
          </div>
          {pro && date ? (
            <div className="rounded-lg bg-muted p-3">
              <dt className="text-xs text-muted-foreground">
                {subscription?.cancelAtPeriodEnd ? 'Pro until' : 'Renews on'}
              </dt>
              <dd className="mt-1 text-lg font-semibold">{date}</dd>
            </div>
          ) : null}
        </dl>
        {pro && subscription?.cancelAtPeriodEnd ? (
          <div className="flex flex-col gap-3">
            <p>
              Your Pro plan is cancelled: it ends on {date} and will not renew. Conversions completed while
              you are Pro stay downloadable.
            </p>
            <Button
              ref={next}
              className="self-start"
              onClick={() => change.mutate('resume')}
              disabled={change.isPending}
            >
              {change.isPending ? <Spinner /> : null}
              Keep Pro
            </Button>
          </div>
        ) : pro ? (
          <div className="flex flex-wrap items-center gap-3">
            <CancelSubscriptionDialog
              triggerRef={next}
              onConfirm={() => change.mutate('cancel')}
              busy={change.isPending}
              error={change.error ? errorMessage(change.error, 'Please try again.') : null}
              endsOn={date}
            />
            <ManageSubscriptionButton />
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <p>
              You pay {offers['pay-per-use'].price} per image: every re-tuning of the same image during its 24
              hours is included. Pro ({offers.pro.price}/month) makes every download free.
            </p>
            <Button asChild className="self-start">
              <Link href="/checkout?plan=pro">Get Pro ({offers.pro.price}/month)</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
