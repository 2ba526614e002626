import { AlertCircle, ArrowLeft, RotateCw } from 'lucide-react';
import { Link } from 'wouter';
import { productName } from '../layout/brand';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

interface PaymentProblemProps {
  title: string;
  message: string;
  /** Offers "Try again" when given. */
  onRetry?: () => void;
  retrying?: boolean;
}

/** In place of the payment form when it cannot be shown: what went wrong, and what to do. */
export function PaymentProblem({ title, message, onRetry, retrying }: PaymentProblemProps) {
  return (
    <div role="alert" className="flex flex-col gap-4 rounded-lg border border-danger/30 bg-danger/5 p-4">
      <div className="flex items-start gap-3">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">{message}</p>
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        {onRetry ? (
          <Button onClick={onRetry} disabled={retrying}>
            {retrying ? <Spinner /> : <RotateCw aria-hidden="true" />}
            Try again
          </Button>
        ) : null}
        <Button asChild variant={onRetry ? 'outline' : 'default'}>
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            Back to {productName}
          </Link>
        </Button>
      </div>
    </div>
  );
}
