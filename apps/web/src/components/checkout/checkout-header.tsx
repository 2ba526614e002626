import type { PaymentConfig } from '@vectrace/contract';
import { ArrowLeft, FlaskConical, Lock } from 'lucide-react';
import { Link } from 'wouter';
import { productName } from '../layout/brand';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';

/** The checkout's header: the way back, and who handles the payment (or that it is a test). */
export function CheckoutHeader({ provider }: { provider: PaymentConfig['provider'] | undefined }) {
  return (
    <header className="border-b border-border bg-surface">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Button asChild variant="ghost" size="sm">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to {productName}
          </Link>
        </Button>
        {provider === 'sandbox' ? (
          <Badge className="gap-1.5 bg-warning-soft py-1 text-amber-800">
            <FlaskConical aria-hidden="true" className="size-3.5" />
            Secured by sandbox (test mode)
          </Badge>
        ) : provider === 'stripe' ? (
          <Badge variant="neutral" className="gap-1.5 py-1">
            <Lock aria-hidden="true" className="size-3.5" />
            Secured by Stripe
          </Badge>
        ) : null}
      </div>
    </header>
  );
}
