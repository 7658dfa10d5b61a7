import type { SetDetail } from '@tcg/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getSet(setId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SetDetail> {
  return api.get<SetDetail>(`/api/sets/${encodeURIComponent(setId)}`, { signal });
}

export const getSetQueryOptions = (setId: string) =>
  queryOptions({
    queryKey: ['sets', setId],
    queryFn: ({ signal }) => getSet(setId, { signal }),
    staleTime: 5 * 60_000,
  });

export const useSet = (setId: string) => useQuery(getSetQueryOptions(setId));
