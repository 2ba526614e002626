import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** The client cache (spec section 9): never stale, no interval, no refetch on focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
