import type { CreatedApiKey } from '@vectrace/contract';
import { Copy } from 'lucide-react';
import { toast } from '../../hooks/use-toast';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';

/** The new key's secret, shown this once: the server keeps only its hash. */
export function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      toast({ title: 'Key copied', description: 'The API key is on your clipboard.' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the key and copy it yourself.',
        variant: 'destructive',
      });
    }
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>
            Copy “{created?.key.name}” now and keep it somewhere safe: it will not be shown again.
          </DialogDescription>
        </DialogHeader>
        <output
          aria-label="New API key"
          className="block break-all rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm"
        >
          {created?.secret}
        </output>
        <DialogFooter>
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy key
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
