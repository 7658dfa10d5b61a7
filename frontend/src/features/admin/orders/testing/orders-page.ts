import type { AdminOrder, AdminOrdersResponse } from '../api/get-admin-orders';

export const ADMIN_ORDERS_PAGE_SIZE = 50;

/** One page of the orders API's answer; by default the only page, holding every order. */
export function ordersPage(
  orders: AdminOrder[],
  { page = 1, total = orders.length }: { page?: number; total?: number } = {},
): AdminOrdersResponse {
  return { orders, page, pageSize: ADMIN_ORDERS_PAGE_SIZE, total, totalPages: Math.ceil(total / ADMIN_ORDERS_PAGE_SIZE) };
}
