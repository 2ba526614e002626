import { useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Conversion } from '@vectrace/contract';
import { useEffect, useState } from 'react';

const ended = (c: Conversion) => c.expired || c.status === 'completed' || c.status === 'failed';

/**
 * Follows a conversion as the server pushes it (server-sent events), writing each state into the
 * query cache. Returns whether the stream carries it; false means the caller polls instead (no
 * EventSource, or the stream broke).
 */
export function useConversionStream(id: string | null, queryKey: readonly unknown[]): boolean {
  const queryClient = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is derived from id
  useEffect(() => {
    if (!id || typeof EventSource === 'undefined') return;
    const cached = queryClient.getQueryData<Conversion>(queryKey);
    if (cached && ended(cached)) return;
    const source = new EventSource(apiPaths.conversionEvents(id));
    setStreaming(true);
    source.addEventListener('conversion', (event) => {
      const conversion = JSON.parse((event as MessageEvent<string>).data) as Conversion;
      queryClient.setQueryData(queryKey, conversion);
      if (ended(conversion)) {
        source.close();
        setStreaming(false);
      }
    });
    // A broken stream (a restart, a proxy) hands over to polling rather than retrying blindly.
    source.onerror = () => {
      source.close();
      setStreaming(false);
    };
    return () => {
      source.close();
      setStreaming(false);
    };
  }, [id, queryClient]);
  return streaming;
}
