import type { ToastInput } from '../hooks/use-toast';

/** The toast after cancelling Pro or keeping it: what happened, with the date it takes effect. */
export function subscriptionChanged(action: 'cancel' | 'resume', date: string | null): ToastInput {
  return action === 'cancel'
    ? {
        title: 'Pro cancelled',
        description: `Pro ends on ${date ?? 'the last day of the period you paid for'} and will not renew. Conversions completed until then stay downloadable.`,
      }
    : {
        title: 'Pro kept',
        description: `Your Pro plan renews on ${date ?? 'the last day of this period'}.`,
      };
}
