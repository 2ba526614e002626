// Trigger and Close straight from Radix: focus goes back to the button when the dialog closes.
import { DialogClose, DialogTrigger } from '@radix-ui/react-dialog';
import type { Conversion } from '@vectrace/contract';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteResult } from '../../hooks/use-delete-result';
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

/**
 * "Delete" for one result, asked once more in a dialog that names the image: its files are
 * deleted at once. `label` names the button for a screen reader (the image and its settings).
 */
export function DeleteResultDialog({
  conversion,
  label,
  onDeleted,
}: {
  conversion: Conversion;
  label: string;
  onDeleted?: (conversion: Conversion) => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteResult(onDeleted);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={label}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete the result of {conversion.originalFileName}?</DialogTitle>
          <DialogDescription>
            Its vector, previews and downloads are deleted now, and the image too unless another of its
            results is kept. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Keep it
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => remove.mutate(conversion, { onSuccess: () => setOpen(false) })}
          >
            {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete result
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
