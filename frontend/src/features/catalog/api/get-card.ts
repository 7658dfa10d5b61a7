import type { CardDetail } from '@tcg/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export function getCard(cardId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CardDetail> {
  return api.get<CardDetail>(`/api/cards/${encodeURIComponent(cardId)}`, { signal });
}

export const getCardQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: ['cards', cardId],
    queryFn: ({ signal }) => getCard(cardId, { signal }),
    // Stock moves with every sale: a product page shows it fresh each time it opens.
    staleTime: 0,
    // A missing card stays missing; only a failed load is worth another try.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });

export const useCard = (cardId: string) => useQuery(getCardQueryOptions(cardId));
