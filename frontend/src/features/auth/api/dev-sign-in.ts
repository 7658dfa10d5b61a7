import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MeResponse } from './get-me';
import { setAccount } from './set-account';

export type DemoAccount = 'customer' | 'admin';

/** POST /api/auth/dev/login: the embedded demo's sign-in as a seeded account, only where the server allows it. */
export function useDevSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (as: DemoAccount) => api.post<MeResponse>('/api/auth/dev/login', { as }),
    onSuccess: (me) => setAccount(queryClient, me),
  });
}
