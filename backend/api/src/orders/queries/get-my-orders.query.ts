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

/** The user's own orders, newest first (spec §7: orders where userId = user, by createdAt desc). */
export class GetMyOrdersQuery extends Query<OrderHistoryEntry[]> {
  constructor(readonly userId: string) {
    super();
  }
}
