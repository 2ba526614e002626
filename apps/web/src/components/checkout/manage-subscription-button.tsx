import { useMutation } from '@tanstack/react-query';
import { apiPaths, type BillingPortalAnswer } from '@vectrace/contract';
import { CreditCard } from 'lucide-react';
import { toast } from '../../hooks/use-toast';
import { apiJson, errorMessage } from '../../lib/api';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

/** For Pro users: to the billing portal, where the subscription is managed or cancelled. */
export function ManageSubscriptionButton() {
  const portal = useMutation({
    mutationFn: async () => {
      const answer = await apiJson<Partial<BillingPortalAnswer>>('POST', apiPaths.billingPortal);
      if (!answer.url) throw new Error('The billing portal did not answer with an address');
      return answer.url;
    },
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Billing portal unavailable',
        description: errorMessage(error, 'An unexpected error occurred'),
        variant: 'destructive',
      }),
  });
  const busy = portal.isPending || portal.isSuccess;
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label="Manage subscription"
      className="shrink-0 px-2 lg:px-3"
      onClick={() => portal.mutate()}
      disabled={busy}
    >
      {busy ? <Spinner /> : <CreditCard aria-hidden="true" />}
      <span className="hidden lg:inline">Manage subscription</span>
    </Button>
  );
}
