import { FlaskConical } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Which test cards the sandbox takes and declines. */
export function TestCardsHint({ className }: { className?: string }) {
  return (
    <p className={cn('text-muted-foreground', className)}>
      Use <span className="whitespace-nowrap font-mono text-foreground">4242 4242 4242 4242</span>, any future
      expiry and any CVC. <span className="whitespace-nowrap font-mono">4000 0000 0000 0002</span> is
      declined.
    </p>
  );
}

/** Says the sandbox takes no money, and which test cards to use. */
export function TestModeNotice({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-300/60 bg-warning-soft p-3 text-sm',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <div className="min-w-0">
        <p className="font-semibold">Test mode: no real payment</p>
        <TestCardsHint className="mt-0.5" />
      </div>
    </div>
  );
}
