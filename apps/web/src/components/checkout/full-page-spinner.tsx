import { Spinner } from '../ui/spinner';

/** The whole page while the checkout gets ready (spec section 2: "Preparing checkout..."). */
export function FullPageSpinner({ label = 'Preparing checkout...' }: { label?: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3" role="status">
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
