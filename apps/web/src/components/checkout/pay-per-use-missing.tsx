import { ImageUp } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../ui/button';

/** Pay per conversion with no conversion named: nothing to charge for yet. */
export function PayPerUseMissing() {
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border bg-muted/50 p-4">
      <p className="text-sm">
        Pay per conversion is charged for one converted image. Convert an image first, then choose Download.
      </p>
      <Button asChild className="self-start">
        <Link href="/">
          <ImageUp aria-hidden="true" />
          Convert an image
        </Link>
      </Button>
    </div>
  );
}
