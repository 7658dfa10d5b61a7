import { Query } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';
import type { PageInfo } from '../../../web/page-param';

export interface AdminOrderItem {
  cardId: string;
  name: string;
  quantity: number;
  unitPrice: Cents;
  lineTotal: Cents;
}

/** One order as the admin reviews it (spec §2 Admin orders). */
export interface AdminOrder {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  /** pendiente_confirmación_pago, confirmado or anulado; the page labels it. */
  status: string;
  total: Cents;
  items: AdminOrderItem[];
  /** Null for an erased customer's order: its image is gone, or goes at the next proof sweep (docs/decisions/0007). */
  proofUrl: string | null;
  /** Other orders paid with the same proof image (same hash): empty unless the proof was reused. */
  sameProofOrderIds: string[];
}

/** Orders per page of the admin's list. */
export const ADMIN_ORDERS_PAGE_SIZE = 50;

export interface AdminOrdersPage extends PageInfo {
  orders: AdminOrder[];
  /** Orders waiting for the admin (pendiente_confirmación_pago), whichever the list shows. */
  pending: number;
}

/**
 * Spec §7: all orders ordered by createdAt descending (admin), a page at a time; or only the pending ones
 * (admin QA: on a busy day the older pending orders went to page 2, under the ones already dealt with).
 */
export class ListAdminOrdersQuery extends Query<AdminOrdersPage> {
  /** `page` from 1; a page past the last has no orders. */
  constructor(
    readonly page = 1,
    readonly onlyPending = false,
  ) {
    super();
  }
}
