import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PagedAnswer } from '../../page-in-url';

export interface AdminOrderItem {
  cardId: string;
  name: string;
  quantity: number;
  /** Céntimos. */
  unitPrice: number;
  /** Céntimos. */
  lineTotal: number;
}

export interface AdminOrder {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  status: string;
  /** Céntimos. */
  total: number;
  items: AdminOrderItem[];
  /** Null once the customer is erased. */
  proofUrl: string | null;
  /** Other orders paid with the same proof image. */
  sameProofOrderIds: string[];
}

/** One page of the orders, newest first: `total` counts every order. */
export interface AdminOrdersResponse extends PagedAnswer {
  orders: AdminOrder[];
  /** Orders waiting for the admin, whichever the list shows. */
  pending: number;
}

export const adminOrdersQueryKey = ['admin', 'orders'] as const;

/** Page 1 sends no `page`, and the whole list no `pending`, so its URL is that of the unpaginated list. */
export function adminOrdersUrl(page: number, onlyPending = false): string {
  const params = new URLSearchParams();
  if (onlyPending) params.set('pending', '1');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/api/admin/orders${query ? `?${query}` : ''}`;
}

/** Whether a query key of this list is of the same filter. */
function sameFilter(queryKey: readonly unknown[] | undefined, onlyPending: boolean): boolean {
  return (queryKey?.[2] as { onlyPending?: boolean } | undefined)?.onlyPending === onlyPending;
}

/** `page` from 1; `onlyPending` for the orders waiting for the admin. */
export const adminOrdersQueryOptions = (page: number, onlyPending = false) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, { page, onlyPending }],
    queryFn: ({ signal }) => api.get<AdminOrdersResponse>(adminOrdersUrl(page, onlyPending), { signal }),
    // Orders arrive while the admin works; the list is never assumed fresh.
    staleTime: 0,
    // While the next page loads, the list keeps the last answer instead of blinking to a skeleton; not
    // another filter's, which would show orders the box just left out (QA: 47 'Anulado' under 'Solo pendientes').
    placeholderData: (previous, previousQuery) => (sameFilter(previousQuery?.queryKey, onlyPending) ? previous : undefined),
  });

export const useAdminOrders = (page: number, onlyPending = false) => useQuery(adminOrdersQueryOptions(page, onlyPending));
