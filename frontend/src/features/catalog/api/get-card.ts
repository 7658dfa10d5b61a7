import type { CardDetail } from '@tcg/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCard(cardId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CardDetail> {
  return api.get<CardDetail>(`/api/cards/${encodeURIComponent(cardId)}`, { signal });
}

export const getCardQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: ['cards', cardId],
    queryFn: ({ signal }) => getCard(cardId, { signal }),
    // Stock moves with every sale: a product page shows it fresh each time it opens, yet the answer its
    // route asked for while the page's code loaded (app/page-prefetches.ts) is not asked for again.
    staleTime: 5_000,
  });

export const useCard = (cardId: string) => useQuery(getCardQueryOptions(cardId));
