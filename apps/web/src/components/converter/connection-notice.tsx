import { WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../ui/button';

/** Whether the browser says it is online, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

/**
 * Said in words when the result cannot be followed: the browser is offline, or the server does
 * not answer (a restart, a dropped connection). The work on the server goes on meanwhile, and the
 * page checks again by itself; Retry checks at once.
 */
export function ConnectionNotice({ unreachable, onRetry }: { unreachable: boolean; onRetry: () => void }) {
  const online = useOnline();
  if (online && !unreachable) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg bg-warning-soft p-3 text-sm">
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <p className="min-w-0 flex-1">
        {online
          ? 'The server is not answering right now. Your image and result are kept; this page checks again by itself.'
          : 'You are offline. Your image and result are kept on the server; this page carries on when you are back online.'}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
