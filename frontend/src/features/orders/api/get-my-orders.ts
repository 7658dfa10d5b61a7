import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface OrderHistoryEntry {
  id: string;
  createdAt: string;
  /** Céntimos. */
  total: number;
  status: string;
  items: { name: string; quantity: number; unitPrice: number }[];
  proofUrl: string;
}

export interface MyOrdersResponse {
  orders: OrderHistoryEntry[];
}

/**
 * GET /api/orders/mine. `position` is what the checkout answered: the server waits (bounded) until
 * the order it wrote is in the read model, so the order just placed is on the first answer.
 */
export function getMyOrders(position: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<MyOrdersResponse> {
  const query = position ? `?position=${encodeURIComponent(position)}` : '';
  return api.get<MyOrdersResponse>(`/api/orders/mine${query}`, { signal });
}

export const myOrdersQueryOptions = (position: string | null) =>
  queryOptions({
    queryKey: ['orders', 'mine', position],
    queryFn: ({ signal }) => getMyOrders(position, { signal }),
  });

export const useMyOrders = (position: string | null) => useQuery(myOrdersQueryOptions(position));
