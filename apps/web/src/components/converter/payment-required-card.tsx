import { plans } from '@vectrace/contract';
import { Crown, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { allFormatLabels } from '../../lib/downloads';
import { Button } from '../ui/button';

/** Shown for a completed, unpaid conversion: pay for this one, or go Pro. */
export function PaymentRequiredCard({ conversionId }: { conversionId: string }) {
  const id = encodeURIComponent(conversionId);
  return (
    <section
      aria-labelledby="payment-required-title"
      className="rounded-xl border border-primary/30 bg-primary-soft p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface">
          <Lock aria-hidden="true" className="size-4 text-primary" />
        </span>
        <div className="min-w-0">
          <h3 id="payment-required-title" className="font-semibold">
            Payment Required
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            Your vector is ready. Pay once to download this conversion as {allFormatLabels()}, or go Pro for
            unlimited conversions.
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button asChild className="sm:flex-1">
          <Link href={`/checkout?plan=pay-per-use&conversion_id=${id}`}>
            Pay ${plans['pay-per-use'].price.toFixed(2)}
          </Link>
        </Button>
        <Button asChild variant="outline" className="sm:flex-1">
          <Link href={`/checkout?plan=pro&conversion_id=${id}`}>
            <Crown aria-hidden="true" />
            Get Pro (${plans.pro.price}/month)
          </Link>
        </Button>
      </div>
    </section>
  );
}
