import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from '../lib/http/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Only a lost connection is worth retrying; a 4xx will answer the same again.
      retry: (failureCount, error) => error instanceof NetworkError && failureCount < 2,
    },
    mutations: { retry: false },
  },
});
