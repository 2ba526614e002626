import { sessionEndedMessage } from '@vectrace/contract';
import { LogIn, X } from 'lucide-react';
import { Link } from 'wouter';
import { useAuth } from '../../hooks/use-auth';
import { cn } from '../../lib/cn';
import { signInPath } from '../../lib/return-path';
import { Button } from '../ui/button';

/**
 * A row under the header when the session ended under the page: it says so and signs in again,
 * coming back to the page it ended on. In the header's flow, so it covers nothing on the page.
 */
export function SessionEndedNotice({ className = 'max-w-6xl' }: { className?: string }) {
  const { sessionEnded, dismissSessionEnded } = useAuth();
  if (!sessionEnded) return null;
  return (
    <div role="alert" className="border-t border-border bg-warning-soft">
      <div className={cn('mx-auto flex items-center gap-3 px-4 py-2 sm:px-6', className)}>
        <p className="flex-1 text-sm font-medium">{sessionEndedMessage}</p>
        <Button asChild size="sm">
          <Link href={signInPath(sessionEnded.returnTo)}>
            <LogIn aria-hidden="true" />
            Sign in
          </Link>
        </Button>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={dismissSessionEnded}
          className="flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}
