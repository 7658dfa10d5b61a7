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

/** Query roots whose answers are the same for everyone (the catalogue); `auth` holds the shop's sign-in options and the account itself. */
const SHARED_ROOTS = new Set(['home', 'sets', 'cards', 'search']);

/**
 * Whether a query's answer belongs to whoever is signed in (their orders, the admin's tables, a linked
 * Discord account): anything not known to be shared, so a query added later is forgotten by default.
 */
export function ownedByAccount(queryKey: readonly unknown[]): boolean {
  const [root, part] = queryKey;
  if (root === 'auth') return part !== 'config' && part !== 'me';
  return !SHARED_ROOTS.has(root as string);
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
        // Offline, a request fails (and its page says so, with a retry) instead of waiting unseen: a
        // skeleton that never ends, or an admin's 'Confirmar' that runs by itself when the signal is back.
        networkMode: 'always',
      },
      mutations: { networkMode: 'always' },
    },
  });
}
