import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { usePageMeta } from '../../hooks/use-page-meta';
import { cn } from '../../lib/cn';
import { Brand } from './brand';
import { SiteFooter } from './site-footer';
import { AccountControls } from './site-header';

const pages = [
  { href: '/', label: 'Home' },
  { href: '/png-to-svg', label: 'PNG to SVG' },
  { href: '/how-to-vectorize-a-logo', label: 'How to Vectorize a Logo' },
  { href: '/privacy', label: 'Privacy' },
];

/** The frame of the guides and the privacy policy: shared navigation, title, footer. */
export function StaticPage({
  title,
  metaTitle,
  description,
  intro,
  children,
}: {
  title: string;
  metaTitle: string;
  description: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  usePageMeta(metaTitle, description);
  const [location] = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
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
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-4 text-lg text-muted-foreground">{intro}</div> : null}
        <div className="prose-content mt-10 flex flex-col gap-10">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A titled section of a static page, with an id to link to. */
export function PageSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={id ? `${id}-title` : undefined}
      className="flex flex-col gap-3 leading-relaxed"
    >
      <h2 id={id ? `${id}-title` : undefined} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}
