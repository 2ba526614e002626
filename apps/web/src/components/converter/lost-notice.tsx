import { Button } from '../ui/button';

/** Said where the converter starts again, until the next image or Dismiss. */
export function LostNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg bg-warning-soft p-3 text-sm">
      <p className="min-w-0 flex-1">{message}</p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
