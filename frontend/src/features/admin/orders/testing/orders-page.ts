import { type PageOptions, pagedAnswer } from '../../testing/paged-answer';
import type { AdminOrder, AdminOrdersResponse } from '../api/get-admin-orders';

/** One page of the orders API's answer; by default the only page, holding every order, its pending ones counted. */
export function ordersPage(orders: AdminOrder[], options?: PageOptions & { pending?: number }): AdminOrdersResponse {
  const pending = options?.pending ?? orders.filter((order) => order.status === 'pendiente_confirmación_pago').length;
  return { orders, ...pagedAnswer(orders.length, options), pending };
}
