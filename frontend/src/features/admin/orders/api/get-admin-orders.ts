import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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
  proofUrl: string;
  /** Other orders paid with the same proof image. */
  sameProofOrderIds: string[];
}

export interface AdminOrdersResponse {
  orders: AdminOrder[];
}

export const adminOrdersQueryKey = ['admin', 'orders'] as const;

export const adminOrdersQueryOptions = () =>
  queryOptions({
    queryKey: adminOrdersQueryKey,
    queryFn: ({ signal }) => api.get<AdminOrdersResponse>('/api/admin/orders', { signal }),
    // Orders arrive while the admin works; the list is never assumed fresh.
    staleTime: 0,
  });

export const useAdminOrders = () => useQuery(adminOrdersQueryOptions());
