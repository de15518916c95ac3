import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiClient';

const FIVE_MINUTES = 5 * 60 * 1000;

/** 5-minute cache life and 3 retries (docs/product.md §5); a 4xx is an answer, not a hiccup, so it is not retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: FIVE_MINUTES,
        staleTime: 30_000,
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 3,
        refetchOnWindowFocus: false,
      },
    },
  });
}
