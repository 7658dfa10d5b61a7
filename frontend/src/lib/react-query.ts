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
        // Catalogue content changes a few times a day; refetching on every focus only costs data plans.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: retryTransient,
      },
    },
  });
}
