import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AuthUser {
  id: string;
  name: string;
  firstName: string;
  email: string;
  phone: string | null;
}

/** GET /api/auth/me: the signed-in user (or null) and whether the server counts them as admin right now. */
export interface MeResponse {
  user: AuthUser | null;
  isAdmin: boolean;
}

export const meQueryKey = ['auth', 'me'] as const;

export function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResponse> {
  return api.get<MeResponse>('/api/auth/me', { signal });
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    // The server re-reads the admin flag on every call; refetching on focus picks up a revoked admin.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

export const useMe = () => useQuery(getMeQueryOptions());
