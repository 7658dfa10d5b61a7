import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { OrderStatus } from '@tcg/domain';
import { type Database, ERASED, PersonalDataKeys, type StoredBuyer } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { proofUrl } from '../../../proofs';
import { pageInfo } from '../../../web/page-param';
import { type AdminOrder, ADMIN_ORDERS_PAGE_SIZE, type AdminOrdersPage, ListAdminOrdersQuery } from './list-admin-orders.query';

/** The status of an order the admin has yet to confirm or cancel. */
const PENDING: OrderStatus = 'pendiente_confirmación_pago';

type OrderRow = Omit<AdminOrder, 'proofUrl' | 'name' | 'email' | 'phone'> & { proofKey: string } & StoredBuyer;

@QueryHandler(ListAdminOrdersQuery)
export class ListAdminOrdersHandler implements IQueryHandler<ListAdminOrdersQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    private readonly keys: PersonalDataKeys,
  ) {}

  /**
   * The page and the count in one snapshot, so the totals describe the orders shown; then each buyer's
   * contact, opened with the customer's key (outside the snapshot: PGlite has one connection).
   */
  async execute({ page, onlyPending }: ListAdminOrdersQuery): Promise<AdminOrdersPage> {
    // A literal, not a parameter: the planner then uses orders_status_idx (status, created_at DESC).
    const filter = onlyPending ? `WHERE status = '${PENDING}'` : '';
    const { rows, total, pending } = await this.db.transaction(async (tx) => {
      await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      // Orders placed in the same millisecond keep the order they were written in (position).
      const { rows } = await tx.query<OrderRow>(
        `SELECT o.id, o.user_id AS "userId", o.buyer_sealed AS sealed, o.name, o.email, o.phone, o.status, o.total, o.proof_key AS "proofKey",
                to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                COALESCE((SELECT json_agg(json_build_object('cardId', i.card_id, 'name', i.name, 'quantity', i.quantity,
                                                            'unitPrice', i.unit_price, 'lineTotal', i.unit_price::bigint * i.quantity)
                                          ORDER BY i.line)
                            FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS items,
                ARRAY(SELECT other.id FROM orders other
                       WHERE other.proof_hash = o.proof_hash AND other.id <> o.id
                       ORDER BY other.created_at) AS "sameProofOrderIds"
           FROM (SELECT * FROM orders ${filter} ORDER BY created_at DESC, position DESC LIMIT $1 OFFSET $2) o
          ORDER BY o.created_at DESC, o.position DESC`,
        [ADMIN_ORDERS_PAGE_SIZE, (page - 1) * ADMIN_ORDERS_PAGE_SIZE],
      );
      const { rows: counted } = await tx.query<{ all: number; pending: number }>(
        `SELECT count(*)::int AS all, count(*) FILTER (WHERE status = '${PENDING}')::int AS pending FROM orders`,
      );
      const { all, pending } = counted[0];
      return { rows, total: onlyPending ? pending : all, pending };
    });
    const contacts = await this.keys.contacts(rows);
    return {
      orders: rows.map(({ proofKey, userId: _userId, sealed: _sealed, name: _name, email: _email, phone: _phone, ...order }, index): AdminOrder => ({
        ...order,
        ...contacts[index],
        proofUrl: contacts[index].email === ERASED ? null : proofUrl(proofKey),
      })),
      ...pageInfo(page, ADMIN_ORDERS_PAGE_SIZE, total),
      pending,
    };
  }
}
