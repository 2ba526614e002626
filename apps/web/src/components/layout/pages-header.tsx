import { Link, useLocation } from 'wouter';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { SessionEndedNotice } from './session-ended-notice';
import { AccountControls } from './site-header';

const pages = [
  { href: '/', label: 'Home' },
  { href: '/png-to-svg', label: 'PNG to SVG' },
  { href: '/how-to-vectorize-a-logo', label: 'How to Vectorize a Logo' },
  { href: '/api/docs', label: 'API' },
  { href: '/privacy', label: 'Privacy' },
];

/** The header of the guides, the policies and the API reference: the pages, then the account. */
export function PagesHeader({ className = 'max-w-5xl' }: { className?: string }) {
  const [location] = useLocation();
  return (
    <header className="border-b border-border bg-surface">
      <div
        className={cn(
          'mx-auto flex flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6',
          className,
        )}
      >
        <Brand />
        <nav
          aria-label="Pages"
          className="order-last -mx-2 flex basis-full flex-wrap gap-1 lg:order-none lg:basis-auto"
        >
          {pages.map((page) => (
            <Link
              key={page.href}
              href={page.href}
              aria-current={location === page.href ? 'page' : undefined}
              className={cn(
                'rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                location === page.href && 'bg-primary-soft text-primary',
              )}
            >
              {page.label}
            </Link>
          ))}
        </nav>
        <AccountControls />
      </div>
      <SessionEndedNotice className={className} />
    </header>
  );
}
