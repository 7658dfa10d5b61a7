import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/config: which ways of signing in this shop offers. */
export interface AuthConfigResponse {
  devLogin: boolean;
  google: boolean;
}

export const getAuthConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => api.get<AuthConfigResponse>('/api/auth/config', { signal }),
    staleTime: Infinity,
  });

export const useAuthConfig = () => useQuery(getAuthConfigQueryOptions());
