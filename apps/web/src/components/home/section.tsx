import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * The frame of every marketing section on the home page: an anchor for the sticky header,
 * the shared container and rhythm, a small eyebrow, the h2 and its lead paragraph.
 */
export function HomeSection({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  /** `surface` sets the section on white between hairlines, to alternate with the page's tint. */
  tone?: 'plain' | 'surface';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-20', tone === 'surface' && 'border-y border-border bg-surface')}
    >
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
          <h2 id={`${id}-title`} className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            {title}
          </h2>
          {lead ? (
            <p className="mx-auto mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{lead}</p>
          ) : null}
        </div>
        <div className="mt-10 sm:mt-12">{children}</div>
      </div>
    </section>
  );
}
