import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '@/lib/api-client';
import { meQueryKey, type MeResponse } from '../api/get-me';
import { setAccount } from '../api/set-account';

const signedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A request answered 401 while the page thought it was signed in: the session ended elsewhere (signed
 * out in another tab, expired, the shop restarted with a new secret). The page learns it at once, so
 * its guard sends the shopper to sign in (the admin back to the tool afterwards) instead of showing a
 * load error with a retry that can only fail again.
 */
export function SessionEndWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ended = (error: unknown) => {
      // Once: the queries the change resets may answer 401 again before their page is gone.
      if (signedOut(error) && queryClient.getQueryData<MeResponse>(meQueryKey)?.user) void setAccount(queryClient, { user: null, isAdmin: false });
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return null;
}
