// Trigger and Close straight from Radix: focus goes back to the button when the dialog closes.
import { DialogClose, DialogTrigger } from '@radix-ui/react-dialog';
import { AlertCircle } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Spinner } from '../ui/spinner';

interface CancelSubscriptionDialogProps {
  /** The "Cancel subscription" button that opens the dialog. */
  triggerRef?: Ref<HTMLButtonElement>;
  onConfirm: () => void;
  busy: boolean;
  error: string | null;
  /** The end of the period paid for, as people read it. */
  endsOn: string | null;
}

/** "Cancel subscription", asked once more in a dialog: Keep Pro, or cancel it. */
export function CancelSubscriptionDialog({
  triggerRef,
  onConfirm,
  busy,
  error,
  endsOn,
}: CancelSubscriptionDialogProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button ref={triggerRef} variant="destructive" className="self-start">
          Cancel subscription
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel your Pro plan?</DialogTitle>
          <DialogDescription>
            Pro stays until {endsOn ?? 'the end of the period you paid for'}, then does not renew. Conversions
            completed while you are Pro stay downloadable; after that date, new ones need payment per image
            again.
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="flex items-start gap-2 text-sm text-danger">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={busy}>
              Keep Pro
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner /> : null}
            Cancel subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
