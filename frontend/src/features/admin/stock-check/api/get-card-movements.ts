import { queryOptions, useQuery } from '@tanstack/react-query';
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
  movements: CardMovement[];
}

export const cardMovementsQueryKey = (cardId: string) => ['admin', 'card-movements', cardId] as const;

export const cardMovementsQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: cardMovementsQueryKey(cardId),
    queryFn: ({ signal }) => api.get<CardMovementsResponse>(`/api/admin/cards/${encodeURIComponent(cardId)}/movements`, { signal }),
    staleTime: 0,
  });

export const useCardMovements = (cardId: string) => useQuery(cardMovementsQueryOptions(cardId));
