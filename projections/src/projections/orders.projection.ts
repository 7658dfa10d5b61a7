import { assertNever, type OrderEvent } from '@tcg/domain';
import type { Sql } from '../db/sql';
import { quoteIdent } from '../db/pg-database';
import type { RecordedEvent } from '../event-store/event-store.port';
import { ApplyContext, forEvent, Projection, TableNames } from './projection';
import { readOrderEvent } from './stored-event';

export const ORDERS_PROJECTION = 'orders';

const PLACED_STATUS = 'pendiente_confirmación_pago';
const STATUS_AFTER: Record<Exclude<OrderEvent['type'], 'OrderPlaced' | 'OrderAbandoned'>, string> = {
  OrderConfirmed: 'confirmado',
  OrderCancelled: 'anulado',
};

interface StatusChange {
  id: string;
  status: string;
  updated_at: string;
  position: number;
}

async function insertPlaced(tx: Sql, tables: TableNames, placed: { event: RecordedEvent; order: OrderEvent }[]): Promise<void> {
  const orders = placed.flatMap(({ event, order }) => {
    if (order.type !== 'OrderPlaced') return [];
    const { orderId, buyer, total, proofKey, proofHash, at } = order.data;
    return [{ id: orderId, user_id: buyer.userId, name: buyer.name, email: buyer.email, phone: buyer.phone, status: PLACED_STATUS, total, proof_key: proofKey, proof_hash: proofHash, created_at: at, updated_at: at, position: event.position }];
  });
  const items = placed.flatMap(({ order }) =>
    order.type === 'OrderPlaced'
      ? order.data.items.map((item, line) => ({ order_id: order.data.orderId, line, card_id: item.cardId, name: item.name, quantity: item.quantity, unit_price: item.unitPrice, reservation_id: item.reservationId }))
      : [],
  );
  if (orders.length === 0) return;
  // A second OrderPlaced for the same order is never emitted by the decider; if one is stored, the first wins.
  await tx.query(
    `INSERT INTO ${quoteIdent(tables.orders)} (id, user_id, name, email, phone, status, total, proof_key, proof_hash, created_at, updated_at, position)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, user_id text, name text, email text, phone text, status text,
       total integer, proof_key text, proof_hash text, created_at timestamptz, updated_at timestamptz, position bigint)
     ON CONFLICT (id) DO NOTHING`,
    [JSON.stringify(orders)],
  );
  await tx.query(
    `INSERT INTO ${quoteIdent(tables.order_items)} (order_id, line, card_id, name, quantity, unit_price, reservation_id)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(order_id text, line integer, card_id text, name text, quantity integer,
       unit_price integer, reservation_id text)
     ON CONFLICT (order_id, line) DO NOTHING`,
    [JSON.stringify(items)],
  );
}

/** Spec §4: only a pending order moves; a transition the decider refuses changes nothing here either. */
async function applyStatusChanges(tx: Sql, tables: TableNames, changes: StatusChange[]): Promise<void> {
  if (changes.length === 0) return;
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE ${quoteIdent(tables.orders)} o
        SET status = x.status, updated_at = x.updated_at, position = x.position
       FROM jsonb_to_recordset($1::jsonb) AS x(id text, status text, updated_at timestamptz, position bigint)
      WHERE o.id = x.id AND o.status = $2
      RETURNING o.id`,
    [JSON.stringify(changes), PLACED_STATUS],
  );
  const found = new Set(rows.map((row) => row.id));
  const { rows: existing } = await tx.query<{ id: string }>(`SELECT id FROM ${quoteIdent(tables.orders)} WHERE id = ANY($1::text[])`, [
    changes.filter((change) => !found.has(change.id)).map((change) => change.id),
  ]);
  const known = new Set([...found, ...existing.map((row) => row.id)]);
  const orphan = changes.find((change) => !known.has(change.id));
  if (orphan) throw new Error(`order ${orphan.id} changes status before it was placed (position ${orphan.position})`);
}

/** The first status change per order of the batch: after it the order is no longer pending, so later ones would be refused anyway. */
function statusChanges(parsed: { event: RecordedEvent; order: OrderEvent }[]): StatusChange[] {
  const changes = new Map<string, StatusChange>();
  for (const { event, order } of parsed) {
    switch (order.type) {
      // Placed orders are inserted above; an abandoned one was never placed and has no row.
      case 'OrderPlaced':
      case 'OrderAbandoned':
        break;
      case 'OrderConfirmed':
      case 'OrderCancelled':
        if (!changes.has(order.data.orderId)) {
          changes.set(order.data.orderId, { id: order.data.orderId, status: STATUS_AFTER[order.type], updated_at: order.data.at, position: event.position });
        }
        break;
      default:
        assertNever(order);
    }
  }
  return [...changes.values()];
}

/** `orders` and `order_items` from the order streams. */
export function ordersProjection(): Projection {
  return {
    name: ORDERS_PROJECTION,
    filter: { streamPrefixes: ['order-'] },
    tables: ['orders', 'order_items'],
    async apply({ tx, tables }: ApplyContext, events: readonly RecordedEvent[]) {
      const parsed = events.map((event) => ({ event, order: forEvent(event, () => readOrderEvent(event)) }));
      await insertPlaced(tx, tables, parsed);
      await applyStatusChanges(tx, tables, statusChanges(parsed));
    },
  };
}
