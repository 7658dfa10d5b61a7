import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
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
  /** The `before` of the next page of older orders; absent or null on the last page. */
  next?: string | null;
}

/**
 * GET /api/orders/mine, newest first, a page at a time. `position` is what the checkout answered: the
 * server waits (bounded) until the order it wrote is in the read model, so the order just placed is on
 * the first page. `before` is the previous page's `next`.
 */
export function getMyOrders(
  position: string | null,
  before: string | null,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MyOrdersResponse> {
  const params = new URLSearchParams();
  if (before) params.set('before', before);
  else if (position) params.set('position', position);
  const query = params.toString();
  return api.get<MyOrdersResponse>(query ? `/api/orders/mine?${query}` : '/api/orders/mine', { signal });
}

/** While the list lacks the order just placed, it is asked for again (each ask waits up to 2 s), for about a minute. */
const BEHIND_RECHECK_MS = 1_000;
export const BEHIND_RECHECKS = 20;

/** Only the first page can lack the order just placed: it is the one that waits for `position`. */
export const myOrdersQueryOptions = (position: string | null) =>
  infiniteQueryOptions({
    queryKey: ['orders', 'mine', position],
    queryFn: ({ signal, pageParam }) => getMyOrders(position, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next ?? null,
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.behind && query.state.dataUpdateCount <= BEHIND_RECHECKS ? BEHIND_RECHECK_MS : false,
  });

export const useMyOrders = (position: string | null) => useInfiniteQuery(myOrdersQueryOptions(position));

/**
 * Whether the list is still behind after every re-ask: the page stops saying the order comes in seconds.
 * Takes the answer's `dataUpdatedAt`, so the caller re-renders on each answer, equal ones included.
 */
export function useGaveUpWaiting(position: string | null, answer: { behind: boolean; dataUpdatedAt: number }): boolean {
  const queryClient = useQueryClient();
  const state = queryClient.getQueryState(myOrdersQueryOptions(position).queryKey);
  return answer.behind && answer.dataUpdatedAt > 0 && (state?.dataUpdateCount ?? 0) > BEHIND_RECHECKS;
}
