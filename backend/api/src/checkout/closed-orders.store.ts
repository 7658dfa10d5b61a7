import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';

/** Closed orders one sweep finishes at most; the next run takes the rest. */
export const CLOSED_ORDERS_PER_RUN = 100;

export interface ClosedOrderWithOpenLines {
  orderId: string;
  status: 'confirmado' | 'anulado';
}

/**
 * How far back the sweeper's regular runs look: any stuck order is found within a minute, and a
 * process's first run looks at every closed order (`lookBackDays: null`), for a shop that was down longer.
 */
export const LOOK_BACK_DAYS = 7;

/** Confirmed and cancelled orders, read from the projected orders and movements. */
@Injectable()
export class ClosedOrdersStore {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /**
   * Orders closed at least `olderThanMs` ago (and in the last `lookBackDays`, when given) with a
   * reservation that no sale and no release answers yet. The read models may lag: an order found here only because its card events
   * are not projected yet is harmless, since finishing it again writes nothing.
   */
  async withOpenLines(olderThanMs: number, lookBackDays: number | null = LOOK_BACK_DAYS, limit = CLOSED_ORDERS_PER_RUN): Promise<ClosedOrderWithOpenLines[]> {
    const { rows } = await this.db.query<{ id: string; status: ClosedOrderWithOpenLines['status'] }>(
      `SELECT o.id, o.status FROM orders o
        WHERE o.status IN ('confirmado', 'anulado')
          AND o.updated_at < now() - make_interval(secs => $1)
          AND ($2::int IS NULL OR o.updated_at > now() - make_interval(days => $2::int))
          AND EXISTS (
            SELECT 1 FROM card_movements r
             WHERE r.order_id = o.id AND r.type = 'reserva'
               AND NOT EXISTS (SELECT 1 FROM card_movements s
                                WHERE s.order_id = o.id AND s.type IN ('venta', 'anulacion') AND s.source = r.reservation_id))
        ORDER BY o.updated_at
        LIMIT $3`,
      [olderThanMs / 1000, lookBackDays, limit],
    );
    return rows.map((row) => ({ orderId: row.id, status: row.status }));
  }
}
