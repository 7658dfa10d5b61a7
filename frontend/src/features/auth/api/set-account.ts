import type { QueryClient } from '@tanstack/react-query';
import { ownedByAccount } from '@/lib/react-query';
import { meQueryKey, type MeResponse } from './get-me';

/**
 * The account changed without a page load (signed out, signed in as someone else, the session ended):
 * the cache keeps nothing of the last account's (an admin signing in after a customer must not see the
 * customer's orders), and what is on screen is asked again as the new one.
 */
export function setAccount(queryClient: QueryClient, me: MeResponse): Promise<void> {
  queryClient.setQueryData(meQueryKey, me);
  return queryClient.resetQueries({ predicate: (query) => ownedByAccount(query.queryKey) });
}
