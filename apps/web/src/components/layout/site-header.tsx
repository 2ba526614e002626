import { LogOut, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { usePinnedHeight } from '../../hooks/use-pinned-height';
import { cn } from '../../lib/cn';
import { ManageSubscriptionButton } from '../checkout/manage-subscription-button';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Brand } from './brand';
import { SessionEndedNotice } from './session-ended-notice';

const sections = [
  { href: '/#features', label: 'Features' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#api', label: 'API' },
];

/** The links to the home page's sections: in the bar on wide screens, in a row beneath on phones. */
function SectionLinks({ label, className }: { label: string; className: string }) {
  return (
    <nav aria-label={label} className={className}>
      {sections.map((section) => (
        <a
          key={section.href}
          href={section.href}
          className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {section.label}
        </a>
      ))}
    </nav>
  );
}

/** The home page's header: the sections, then the account controls. */
export function SiteHeader() {
  const header = usePinnedHeight<HTMLElement>('--header-height');
  return (
    <header ref={header} className="sticky top-0 z-40 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="shrink-0">
          <Brand />
        </div>
        <SectionLinks label="Main" className="hidden items-center gap-1 md:flex" />
        <AccountControls />
      </div>
      <SectionLinks label="Sections" className="flex justify-center gap-1 border-t border-border md:hidden" />
      <SessionEndedNotice />
    </header>
  );
}

/** Login, or the username (linking to the account; Pro: badge, Manage subscription) and Logout: on every page. */
export function AccountControls() {
  const { user, logoutMutation } = useAuth();
  const pro = user?.planType === 'pro';
  return (
    <>
      {user ? (
        <div className="flex min-w-0 items-center gap-2 sm:gap-3">
          <Link
            href="/account"
            aria-label={`${user.username}, your account`}
            className="flex min-w-0 items-center gap-1.5 rounded-md text-sm font-medium hover:text-primary focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="current-username"
          >
            <UserRound
              aria-hidden="true"
              className={cn('size-4 shrink-0 text-muted-foreground', pro && 'hidden sm:block')}
            />
            <span className="max-w-28 truncate sm:max-w-48">{user.username}</span>
          </Link>
          {pro ? <Badge className="-ml-1 shrink-0 px-2 sm:-ml-2">Pro</Badge> : null}
          {pro ? <ManageSubscriptionButton /> : null}
          <Button
            variant="outline"
            size="sm"
            className={cn('shrink-0', pro && 'px-2 sm:px-3')}
            onClick={() => logoutMutation.mutate()}
            disabled={logoutMutation.isPending}
          >
            <LogOut aria-hidden="true" />
            {/* Pro users' headers are fuller: on a phone the icon alone (the label stays for screen readers). */}
            <span className={cn(pro && 'sr-only sm:not-sr-only')}>Logout</span>
          </Button>
        </div>
      ) : (
        <Button asChild size="sm">
          <Link href="/auth">Login</Link>
        </Button>
      )}
    </>
  );
}
