import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryKey, type MeResponse } from './get-me';

/** POST /api/auth/logout; the answer is the signed-out state, written straight into the cache. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MeResponse>('/api/auth/logout', {}),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
