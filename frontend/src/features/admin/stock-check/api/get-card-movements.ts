import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MovementType } from '@tcg/domain';
import { api } from '@/lib/api-client';

export interface CardMovement {
  type: MovementType;
  quantity: number;
  timestamp: string;
  /** Céntimos, on an ingreso. */
  unitCost: number | null;
  source: string | null;
  orderId: string | null;
}

export interface CardMovementsResponse {
  /** Oldest first. */
  movements: CardMovement[];
  /** Ask `before` it for the movements that came earlier; null when these are the first. */
  earlier?: number | null;
}

export const cardMovementsQueryKey = (cardId: string) => ['admin', 'card-movements', cardId] as const;

/** The latest movements first; each further page comes earlier in time. */
export const cardMovementsQueryOptions = (cardId: string) =>
  infiniteQueryOptions({
    queryKey: cardMovementsQueryKey(cardId),
    queryFn: ({ signal, pageParam }) => {
      const before = pageParam === null ? '' : `?before=${pageParam}`;
      return api.get<CardMovementsResponse>(`/api/admin/cards/${encodeURIComponent(cardId)}/movements${before}`, { signal });
    },
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.earlier ?? null,
    staleTime: 0,
  });

export const useCardMovements = (cardId: string) => useInfiniteQuery(cardMovementsQueryOptions(cardId));
