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
  /** The shop had not shown the order at `position` yet when it answered. */
  behind?: boolean;
}

/**
 * GET /api/orders/mine. `position` is what the checkout answered: the server waits (bounded) until
 * the order it wrote is in the read model, so the order just placed is on the first answer.
 */
export function getMyOrders(position: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<MyOrdersResponse> {
  const query = position ? `?position=${encodeURIComponent(position)}` : '';
  return api.get<MyOrdersResponse>(`/api/orders/mine${query}`, { signal });
}

/** While the list lacks the order just placed, it is asked for again (each ask waits up to 2 s), for about a minute. */
const BEHIND_RECHECK_MS = 1_000;
const BEHIND_RECHECKS = 20;

export const myOrdersQueryOptions = (position: string | null) =>
  queryOptions({
    queryKey: ['orders', 'mine', position],
    queryFn: ({ signal }) => getMyOrders(position, { signal }),
    refetchInterval: (query) => (query.state.data?.behind && query.state.dataUpdateCount <= BEHIND_RECHECKS ? BEHIND_RECHECK_MS : false),
  });

export const useMyOrders = (position: string | null) => useQuery(myOrdersQueryOptions(position));
