import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { proofUrl } from '../../../proofs';
import { type AdminOrder, ListAdminOrdersQuery } from './list-admin-orders.query';

type OrderRow = Omit<AdminOrder, 'proofUrl'> & { proofKey: string };

@QueryHandler(ListAdminOrdersQuery)
export class ListAdminOrdersHandler implements IQueryHandler<ListAdminOrdersQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute(): Promise<AdminOrder[]> {
    // Orders placed in the same millisecond keep the order they were written in (position).
    const { rows } = await this.db.query<OrderRow>(
      `SELECT o.id, o.name, o.email, o.phone, o.status, o.total, o.proof_key AS "proofKey",
              to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
              COALESCE((SELECT json_agg(json_build_object('cardId', i.card_id, 'name', i.name, 'quantity', i.quantity,
                                                          'unitPrice', i.unit_price, 'lineTotal', i.unit_price * i.quantity)
                                        ORDER BY i.line)
                          FROM order_items i WHERE i.order_id = o.id), '[]'::json) AS items,
              ARRAY(SELECT other.id FROM orders other
                     WHERE other.proof_hash = o.proof_hash AND other.id <> o.id
                     ORDER BY other.created_at) AS "sameProofOrderIds"
         FROM orders o
        ORDER BY o.created_at DESC, o.position DESC`,
    );
    return rows.map(({ proofKey, ...order }) => ({
      ...order,
      proofUrl: proofUrl(proofKey),
    }));
  }
}
