import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * One more try for what may pass (a dropped connection, a 5xx, a 429), none for an answer that will
 * not change: a missing set or card stays missing, and its page says so at once instead of after a retry.
 */
export function retryTransient(failures: number, error: unknown): boolean {
  const final = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
  return !final && failures < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Stock and prices move with every sale and every admin change: a page shown again after 5 s is
        // checked in the background (as the product page is), so a tile and the card's page agree. Focus
        // alone refetches nothing, which would only cost data plans.
        staleTime: 5_000,
        refetchOnWindowFocus: false,
        retry: retryTransient,
      },
    },
  });
}
