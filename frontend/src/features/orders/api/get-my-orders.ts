import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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
export const BEHIND_RECHECKS = 20;

export const myOrdersQueryOptions = (position: string | null) =>
  queryOptions({
    queryKey: ['orders', 'mine', position],
    queryFn: ({ signal }) => getMyOrders(position, { signal }),
    refetchInterval: (query) => (query.state.data?.behind && query.state.dataUpdateCount <= BEHIND_RECHECKS ? BEHIND_RECHECK_MS : false),
  });

export const useMyOrders = (position: string | null) => useQuery(myOrdersQueryOptions(position));

/**
 * Whether the list is still behind after every re-ask: the page stops saying the order comes in seconds.
 * Takes the answer's `dataUpdatedAt`, so the caller re-renders on each answer, equal ones included.
 */
export function useGaveUpWaiting(position: string | null, answer: { behind: boolean; dataUpdatedAt: number }): boolean {
  const queryClient = useQueryClient();
  const state = queryClient.getQueryState(myOrdersQueryOptions(position).queryKey);
  return answer.behind && answer.dataUpdatedAt > 0 && (state?.dataUpdateCount ?? 0) > BEHIND_RECHECKS;
}
