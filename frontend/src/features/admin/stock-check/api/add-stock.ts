import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAmount, isMovementQuantity, messages, parseSolesToCents } from '@tcg/domain';
import { api } from '@/lib/api-client';
import { catalogueChanged } from '@/lib/own-writes';
import { cardMovementsQueryKey } from './get-card-movements';
import { type StockCheckResponse, type StockCheckRow, stockCheckQueryKey } from './get-stock-check';

export interface AddStockBody {
  quantity: number;
  /** Céntimos. */
  unitCost: number;
}

export interface AddStockResponse {
  card: StockCheckRow;
  position: number;
}

export type AddStockForm = { ok: true; body: AddStockBody } | { ok: false; field: 'quantity' | 'unitCost'; message: string };

/**
 * Spec §5 Admin stock add: quantity a whole number above 0, cost a decimal amount of soles (at most
 * two decimals, turned into céntimos without floating-point rounding); both within the domain's limits.
 */
export function parseAddStockForm(quantity: string, unitCost: string): AddStockForm {
  const trimmed = quantity.trim();
  const parsedQuantity = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!isMovementQuantity(parsedQuantity)) return { ok: false, field: 'quantity', message: messages.domain.invalidQuantity };
  const cents = parseSolesToCents(unitCost);
  if (!isAmount(cents)) return { ok: false, field: 'unitCost', message: messages.domain.invalidUnitCost };
  return { ok: true, body: { quantity: parsedQuantity, unitCost: cents } };
}

/** POST /api/admin/cards/{id}/stock: an ingreso. The answer is the card's audit row once projected. */
export function addStock(cardId: string, body: AddStockBody, idempotencyKey: string): Promise<AddStockResponse> {
  return api.post<AddStockResponse>(`/api/admin/cards/${encodeURIComponent(cardId)}/stock`, body, { idempotencyKey });
}

export function useAddStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cardId, body, idempotencyKey }: { cardId: string; body: AddStockBody; idempotencyKey: string }) =>
      addStock(cardId, body, idempotencyKey),
    onSuccess: ({ card, position }) => {
      catalogueChanged(queryClient, position);
      // The row shows the new stock at once; the refetch then settles filters such as 'Solo con diferencia'.
      queryClient.setQueriesData<StockCheckResponse>({ queryKey: stockCheckQueryKey }, (data) =>
        data ? { ...data, cards: data.cards.map((row) => (row.id === card.id ? card : row)) } : data,
      );
      void queryClient.invalidateQueries({ queryKey: stockCheckQueryKey });
      void queryClient.invalidateQueries({ queryKey: cardMovementsQueryKey(card.id) });
    },
  });
}
