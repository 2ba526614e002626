import { DialogClose, DialogTrigger } from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ReceiptLinkAnswer } from '@vectrace/contract';
import { Copy, Link2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Input } from '../ui/input';
import { PendingButton } from '../ui/pending-button';

/**
 * The receipt's link to a paid conversion, to copy: opened in any browser it brings the file back,
 * ready to download, until it is deleted. The same link the receipt mail carries, for a buyer who
 * gave no address (or whose mail is slow). Ending it (confirmed) stops it opening the file
 * anywhere, and a new link takes its place.
 */
export function ReceiptLink({ conversionId }: { conversionId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { data } = useQuery<ReceiptLinkAnswer>({
    queryKey: queryKeys.receiptLink(conversionId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const end = useMutation({
    mutationFn: () => apiRequest('DELETE', apiPaths.receiptLink(conversionId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.receiptLink(conversionId) });
      toast({
        title: 'Link ended',
        description: 'The old link no longer opens this file anywhere. Here is a new one.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Link not ended',
        description: errorMessage(error, 'The link could not be ended. Please try again.'),
        variant: 'destructive',
      }),
  });
  if (!data) return null;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: 'Link Copied', description: 'Keep it to find this file again from any browser.' });
    } catch {
      // No clipboard (an older browser, a refused permission): the link is selected to copy by hand.
      (document.getElementById(`${id}-link`) as HTMLInputElement | null)?.select();
      toast({ title: 'Copy Failed', description: 'The link is selected: copy it with your keyboard.' });
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-lg border border-border p-4"
    >
      <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Link2 aria-hidden="true" className="size-4 text-primary" />
        Your link to this file
      </h3>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Open it in any browser to download this file again until it is deleted. Anyone with the link can
        download the file, so keep it to yourself.
      </p>
      <div className="flex min-w-0 flex-col items-start gap-2">
        <Input
          id={`${id}-link`}
          readOnly
          value={data.url}
          aria-label="Link to this file"
          aria-describedby={`${id}-hint`}
          className="min-w-0 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          <Dialog>
            <DialogTrigger asChild>
              <Button type="button" variant="ghost" size="sm">
                End this link
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>End this link?</DialogTitle>
                <DialogDescription>
                  It stops opening this file in every browser, including those it was opened in. This browser
                  keeps the file, and you get a new link.
                </DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep link</Button>
                </DialogClose>
                <DialogClose asChild>
                  <PendingButton
                    variant="destructive"
                    pending={end.isPending}
                    pendingLabel="Ending…"
                    onClick={() => end.mutate()}
                  >
                    End link
                  </PendingButton>
                </DialogClose>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </div>
    </section>
  );
}
