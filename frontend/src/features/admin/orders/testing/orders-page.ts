import { type PageOptions, pagedAnswer } from '../../testing/paged-answer';
import type { AdminOrder, AdminOrdersResponse } from '../api/get-admin-orders';

/** One page of the orders API's answer; by default the only page, holding every order. */
export function ordersPage(orders: AdminOrder[], options?: PageOptions): AdminOrdersResponse {
  return { orders, ...pagedAnswer(orders.length, options) };
}
