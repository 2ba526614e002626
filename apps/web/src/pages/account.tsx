import { useQuery } from '@tanstack/react-query';
import type { AccountSummary } from '@vectrace/contract';
import { pageMeta } from '@vectrace/contract';
import { Link } from 'wouter';
import { ApiKeysCard } from '../components/account/api-keys-card';
import { DeleteAccount } from '../components/account/delete-account';
import { PasswordForm } from '../components/account/password-form';
import { PlanCard } from '../components/account/plan-card';
import { ConversionHistory } from '../components/history/conversion-history';
import { SiteFooter } from '../components/layout/site-footer';
import { SiteHeader } from '../components/layout/site-header';
import { mainContentId } from '../components/layout/skip-link';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../hooks/use-auth';
import { usePageMeta } from '../hooks/use-page-meta';
import { longDate } from '../lib/dates';
import { queryKeys } from '../lib/query-keys';
import { signInPath } from '../lib/return-path';

/** The account: plan and its dates, this month's conversions, the history, API keys, password, deletion. */
export function AccountPage() {
  usePageMeta(pageMeta['/account'].title, pageMeta['/account'].description);
  const { user, isLoading } = useAuth();
  const account = useQuery<AccountSummary>({ queryKey: queryKeys.account, enabled: user !== null });

  let body: React.ReactNode;
  if (isLoading || (user && account.isPending)) {
    body = (
      <div className="flex justify-center py-16" role="status" aria-label="Loading">
        <Spinner className="size-6 text-primary" />
      </div>
    );
  } else if (!user) {
    body = (
      <div className="flex flex-col items-start gap-4">
        <p>Sign in to see your plan and your conversions.</p>
        <Button asChild>
          <Link href={signInPath('/account')}>Sign in</Link>
        </Button>
      </div>
    );
  } else if (!account.data) {
    body = <p role="alert">Your account could not be loaded. Please reload the page.</p>;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-muted-foreground">
          Signed in as <span className="font-medium text-foreground">{account.data.username}</span> (
          {account.data.email}), since {longDate(account.data.createdAt)}.
        </p>
        <PlanCard account={account.data} />
        <ConversionHistory />
        <ApiKeysCard planType={account.data.planType} />
        <PasswordForm />
        <DeleteAccount />
      </div>
    );
  }

  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main id={mainContentId} className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <h1 className="mb-6 text-3xl font-bold tracking-tight">Your account</h1>
        {body}
      </main>
      <SiteFooter />
    </div>
  );
}
