import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * The query cache around the signed-in screens only (their layouts mount it): the public pages fetch
 * nothing through it, so react-query stays off their first load. One client for all, so
 * moving between layouts keeps the cache.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
