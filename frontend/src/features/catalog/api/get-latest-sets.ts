import type { LatestSetsResponse } from '@tcg/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §9: the menu lists the 10 newest sets. */
const MENU_SET_LIMIT = 10;

export async function getLatestSets({ signal }: { signal?: AbortSignal } = {}): Promise<LatestSetsResponse> {
  const response = await api.get<LatestSetsResponse>('/api/sets/latest', { signal });
  return { sets: response.sets.slice(0, MENU_SET_LIMIT) };
}

export const getLatestSetsQueryOptions = () =>
  queryOptions({
    queryKey: ['sets', 'latest'],
    queryFn: ({ signal }) => getLatestSets({ signal }),
    staleTime: 5 * 60_000,
  });

export const useLatestSets = () => useQuery(getLatestSetsQueryOptions());
