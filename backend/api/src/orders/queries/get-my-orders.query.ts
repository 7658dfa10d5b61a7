import { Query } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';

export interface OrderHistoryItem {
  name: string;
  quantity: number;
  unitPrice: Cents;
}

/** One order as its buyer sees it in the purchase history (spec §2 Order history). */
export interface OrderHistoryEntry {
  id: string;
  createdAt: string;
  total: Cents;
  /** pendiente_confirmación_pago, confirmado or anulado; the page labels it. */
  status: string;
  items: OrderHistoryItem[];
  proofUrl: string;
}

/** Orders per answer: a shopper with years of orders gets them a page at a time. */
export const MY_ORDERS_PAGE_SIZE = 20;

/** Where a page ends: the last order it shows, by creation time and then by position. */
export interface OrderCursor {
  createdAtMs: number;
  position: number;
}

export interface MyOrdersPage {
  orders: OrderHistoryEntry[];
  /** The cursor of the page after this one; null on the last page. */
  next: OrderCursor | null;
}

/**
 * The user's own orders, newest first (spec §7: orders where userId = user, by createdAt desc), a page at
 * a time: the orders after `before`, or the newest ones.
 */
export class GetMyOrdersQuery extends Query<MyOrdersPage> {
  constructor(
    readonly userId: string,
    readonly before: OrderCursor | null = null,
  ) {
    super();
  }
}
