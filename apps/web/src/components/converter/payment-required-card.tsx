import { offers } from '@vectrace/contract';
import { Crown, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { dockedBar } from '../../lib/docked-bar';
import { allFormatLabels } from '../../lib/downloads';
import { Button } from '../ui/button';

/**
 * Shown for a completed, unpaid conversion: pay for this one, or go Pro. `docked`: the
 * result-first layout keeps it in view, as a bar along the bottom of a phone's screen.
 */
export function PaymentRequiredCard({
  conversionId,
  docked = false,
}: {
  conversionId: string;
  docked?: boolean;
}) {
  const id = encodeURIComponent(conversionId);
  return (
    <section
      aria-labelledby="payment-required-title"
      className={cn('rounded-xl border border-primary/30 bg-primary-soft p-5 shadow-sm', docked && dockedBar)}
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface">
          <Lock aria-hidden="true" className="size-4 text-primary" />
        </span>
        <div className="min-w-0">
          <h3 id="payment-required-title" className="font-semibold">
            Payment Required
          </h3>
          <p className={cn('mt-1 text-sm text-muted-foreground', docked && 'max-lg:sr-only')}>
            Your vector is ready. Pay once to download this conversion as {allFormatLabels()}, or go Pro for
            unlimited conversions.
          </p>
        </div>
      </div>
      <div className={cn('mt-4 flex flex-col gap-2 sm:flex-row', docked && 'max-lg:mt-2 max-lg:flex-row')}>
        <Button asChild className="flex-1">
          <Link href={`/checkout?plan=pay-per-use&conversion_id=${id}`}>
            Pay {offers['pay-per-use'].price}
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link href={`/checkout?plan=pro&conversion_id=${id}`}>
            <Crown aria-hidden="true" />
            Get Pro ({offers.pro.price}/month)
          </Link>
        </Button>
      </div>
    </section>
  );
}
