import { ApiError } from '../../lib/api';
import { Button } from '../ui/button';

/** Why a conversion left the screen: deleted or expired (404), or not this visitor's (401). */
export function lostMessage(error: Error | null): string {
  return error instanceof ApiError && error.status === 401
    ? 'That conversion belongs to an account that is not signed in here. Sign in to see it, or upload the image again.'
    : 'That conversion is no longer available: it was deleted, or removed 24 hours after upload. Upload the image again to convert it.';
}

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
