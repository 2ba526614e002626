import { DialogClose, DialogTrigger } from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiKey, apiPaths } from '@vectrace/contract';
import { toast } from '../../hooks/use-toast';
import { apiRequest, errorMessage } from '../../lib/api';
import { longDate } from '../../lib/dates';
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
import { PendingButton } from '../ui/pending-button';

/** When a key was last used, to the minute: whether it still serves a script is what matters. */
function lastUsed(iso: string | null): string {
  if (!iso) return 'Never used';
  const when = new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return `Last used ${when}`;
}

/**
 * One key: its name, prefix and dates, and Revoke (confirmed: the key stops working at once).
 * `onRevoked` is told when the row is about to leave, with its dialog and the focus inside it.
 */
export function ApiKeyRow({ apiKey, onRevoked }: { apiKey: ApiKey; onRevoked: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => apiRequest('DELETE', apiPaths.apiKey(apiKey.id)),
    onSuccess: () => {
      onRevoked();
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
      toast({ title: 'Key revoked', description: `“${apiKey.name}” no longer works.` });
    },
    onError: (error) =>
      toast({
        title: 'Revoke failed',
        description: errorMessage(error, 'The key could not be revoked. Please try again.'),
        variant: 'destructive',
      }),
  });

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium">{apiKey.name}</p>
        <p className="text-muted-foreground">
          <code className="font-mono">{apiKey.prefix}…</code> · created {longDate(apiKey.createdAt)} ·{' '}
          {lastUsed(apiKey.lastUsedAt)}
        </p>
      </div>
      <Dialog>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke “{apiKey.name}”?</DialogTitle>
            <DialogDescription>
              Every request with this key is refused from now on. Scripts that use it stop working.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep key</Button>
            </DialogClose>
            <PendingButton
              variant="destructive"
              pending={revoke.isPending}
              pendingLabel="Revoking…"
              onClick={() => revoke.mutate()}
            >
              Revoke key
            </PendingButton>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </li>
  );
}
