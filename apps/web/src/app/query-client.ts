import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';
import { onSessionCleared } from '../lib/session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // The API client already showed or handled an API failure; retrying would repeat it.
      retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
    },
  },
});

// A logout or an expired session must not leave another user's data in the cache.
onSessionCleared(() => queryClient.clear());
