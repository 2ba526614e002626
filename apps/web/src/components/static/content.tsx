import type { LucideIcon } from 'lucide-react';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

const linkClass =
  'rounded-sm font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:text-primary-hover hover:decoration-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A link inside running text: to another page of the app, or (external) a plain address. */
export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith('/')) {
    return (
      <Link href={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={cn(linkClass, '[overflow-wrap:anywhere]')}>
      {children}
    </a>
  );
}

const tones = {
  info: { box: 'border-primary/20 bg-primary-soft', icon: 'text-primary' },
  success: { box: 'border-success/25 bg-success-soft', icon: 'text-success' },
  warning: { box: 'border-amber-300/60 bg-warning-soft', icon: 'text-amber-700' },
} as const;

/** A boxed note that stands out from the running text. */
export function Callout({
  icon: Icon,
  title,
  tone = 'info',
  className,
  children,
}: {
  icon: LucideIcon;
  title: string;
  tone?: keyof typeof tones;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex gap-3 rounded-xl border p-4 sm:p-5', tones[tone].box, className)}>
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', tones[tone].icon)} />
      <div className="flex min-w-0 flex-col gap-1 text-sm leading-relaxed">
        <p className="font-semibold text-foreground">{title}</p>
        <div className="text-foreground/85">{children}</div>
      </div>
    </div>
  );
}

/** A bulleted list with the page's spacing. */
export function BulletList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <ul className={cn('flex list-disc flex-col gap-2 pl-5 marker:text-muted-foreground', className)}>
      {children}
    </ul>
  );
}

/** The closing invitation of a guide: a short line and a way to the converter. */
export function StartConvertingPanel({
  title,
  children,
  secondary,
}: {
  title: string;
  children: ReactNode;
  secondary?: { href: string; label: string };
}) {
  return (
    <aside
      aria-label={title}
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-2">
        <p className="text-xl font-semibold tracking-tight">{title}</p>
        <div className="leading-relaxed text-muted-foreground">{children}</div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild size="lg">
          <Link href="/">
            Start converting
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        {secondary ? (
          <Button asChild size="lg" variant="outline">
            <Link href={secondary.href}>{secondary.label}</Link>
          </Button>
        ) : null}
      </div>
    </aside>
  );
}
