import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
}

export const adminOrdersQueryKey = ['admin', 'orders'] as const;

/** Page 1 sends no `page`, so its URL is that of the unpaginated list. */
export function adminOrdersUrl(page: number): string {
  return page > 1 ? `/api/admin/orders?page=${page}` : '/api/admin/orders';
}

/** `page` from 1. */
export const adminOrdersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...adminOrdersQueryKey, { page }],
    queryFn: ({ signal }) => api.get<AdminOrdersResponse>(adminOrdersUrl(page), { signal }),
    // Orders arrive while the admin works; the list is never assumed fresh.
    staleTime: 0,
    // While the next page loads, the list keeps the last answer instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (page: number) => useQuery(adminOrdersQueryOptions(page));
