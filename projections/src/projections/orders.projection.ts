import { assertNever, type OrderEvent } from '@tcg/domain';
import type { Sql } from '../db/sql';
import { quoteIdent } from '../db/pg-database';
import { type Column, columnArrays, copyRowsOf } from './column-arrays';
import type { ProjectedEvent } from '../event-store/event-store.port';
import { type ApplyContext, type BatchWrite, type FoldContext, forEvent, mapInSlices, type Projection, ProjectionEventError, type TableNames } from './projection';
import { readOrderEvent } from './stored-event';
import { ERASED } from '../personal-data/personal-data-keys';

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

interface OrderRow {
  id: string;
  user_id: string;
  /** In the clear on orders placed before buyers were sealed (OrderPlaced version 1); null after. */
  name: string | null;
  email: string | null;
  phone: string | null;
  /** The buyer as the event seals it, opened when the order is read (`PersonalDataKeys.contacts`). */
  buyer_sealed: string | null;
  status: string;
  total: number;
  proof_key: string;
  proof_hash: string;
  created_at: string;
  updated_at: string;
  position: number;
}

interface ItemRow {
  order_id: string;
  line: number;
  card_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  reservation_id: string;
}

/** A batch folded in memory: the orders it places (with any status change that follows in the batch) and the changes to earlier orders. */
interface FoldedBatch {
  placed: Map<string, OrderRow>;
  items: ItemRow[];
  changes: Map<string, StatusChange>;
}

/** Ids of the orders this run has written, so a status change to one of them needs no look-up. */
const MAX_REMEMBERED_ORDERS = 500_000;

function rememberedOrders({ memory }: FoldContext): Set<string> {
  const known = memory.get(ORDERS_PROJECTION, () => new Set<string>());
  if (known.size <= MAX_REMEMBERED_ORDERS) return known;
  memory.clear();
  return memory.get(ORDERS_PROJECTION, () => new Set<string>());
}

/**
 * Spec §4: only a pending order moves, and after its first change it is no longer pending, so later
 * changes in the batch would be refused anyway. A second OrderPlaced for the same order is never
 * emitted by the decider; one stored by hand halts the projection at it, in one batch as the table's key
 * does across two (a replay used to keep the first and drop it without a word, QA).
 */
function fold(parsed: { event: ProjectedEvent; order: OrderEvent }[]): FoldedBatch {
  const batch: FoldedBatch = { placed: new Map(), items: [], changes: new Map() };
  for (const { event, order } of parsed) {
    switch (order.type) {
      case 'OrderPlaced': {
        const { orderId, buyer, total, proofKey, proofHash, at, items } = order.data;
        const first = batch.placed.get(orderId);
        if (first) throw new ProjectionEventError(event, new Error(`order ${orderId} was placed already, at position ${first.position}`));
        const contact = 'sealed' in buyer ? { name: null, email: null, phone: null, buyer_sealed: buyer.sealed } : { name: buyer.name, email: buyer.email, phone: buyer.phone, buyer_sealed: null };
        batch.placed.set(orderId, {
          id: orderId, user_id: buyer.userId, ...contact, status: PLACED_STATUS,
          total, proof_key: proofKey, proof_hash: proofHash, created_at: at, updated_at: at, position: event.position,
        });
        batch.items.push(
          ...items.map((item, line) => ({ order_id: orderId, line, card_id: item.cardId, name: item.name, quantity: item.quantity, unit_price: item.unitPrice, reservation_id: item.reservationId })),
        );
        break;
      }
      // An abandoned order was never placed and has no row.
      case 'OrderAbandoned':
        break;
      case 'OrderConfirmed':
      case 'OrderCancelled': {
        const change = { id: order.data.orderId, status: STATUS_AFTER[order.type], updated_at: order.data.at, position: event.position };
        const placed = batch.placed.get(change.id);
        if (placed) {
          if (placed.status === PLACED_STATUS) Object.assign(placed, { status: change.status, updated_at: change.updated_at, position: change.position });
        } else if (!batch.changes.has(change.id)) {
          batch.changes.set(change.id, change);
        }
        break;
      }
      default:
        assertNever(order);
    }
  }
  return batch;
}

const ORDER_COLUMNS: readonly Column<OrderRow>[] = [
  ['id', 'text', (row) => row.id],
  ['user_id', 'text', (row) => row.user_id],
  ['name', 'text', (row) => row.name],
  ['email', 'text', (row) => row.email],
  ['phone', 'text', (row) => row.phone],
  ['buyer_sealed', 'text', (row) => row.buyer_sealed],
  ['status', 'text', (row) => row.status],
  ['total', 'bigint', (row) => row.total],
  ['proof_key', 'text', (row) => row.proof_key],
  ['proof_hash', 'text', (row) => row.proof_hash],
  ['created_at', 'timestamptz', (row) => row.created_at],
  ['updated_at', 'timestamptz', (row) => row.updated_at],
  ['position', 'bigint', (row) => row.position],
];

const ITEM_COLUMNS: readonly Column<ItemRow>[] = [
  ['order_id', 'text', (row) => row.order_id],
  ['line', 'integer', (row) => row.line],
  ['card_id', 'text', (row) => row.card_id],
  ['name', 'text', (row) => row.name],
  ['quantity', 'bigint', (row) => row.quantity],
  ['unit_price', 'bigint', (row) => row.unit_price],
  ['reservation_id', 'text', (row) => row.reservation_id],
];

/**
 * Orders placed before buyers were sealed name the buyer in the event (ADR 0007, item 5). Those of a
 * customer `tcg customer forget` erased are written with the buyer erased: a replay or rebuild never
 * writes the name back, not even for a moment. Nothing to ask when the batch has none in the clear.
 */
async function eraseForgottenBuyers(tx: Sql, inTheClear: readonly OrderRow[]): Promise<void> {
  if (inTheClear.length === 0) return;
  const { rows } = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM personal_data_keys WHERE forgotten_at IS NOT NULL AND user_id = ANY($1::text[])',
    [[...new Set(inTheClear.map((row) => row.user_id))]],
  );
  const forgotten = new Set(rows.map((row) => row.user_id));
  for (const row of inTheClear) if (forgotten.has(row.user_id)) Object.assign(row, { name: ERASED, email: ERASED, phone: ERASED });
}

/**
 * The batch's new orders and their lines, serialized now (the folded rows are the batch's own), or once
 * the buyers of erased customers are blanked when some of them are in the clear.
 */
function insertPlaced(tables: TableNames, batch: FoldedBatch): BatchWrite {
  if (batch.placed.size === 0) return async () => undefined;
  // An order is placed once (the first event of its stream), so its rows are new: COPY loads them.
  const placed = [...batch.placed.values()];
  const inTheClear = placed.filter((row) => row.buyer_sealed === null);
  const sealedOnly = inTheClear.length === 0 ? copyRowsOf(tables.orders, ORDER_COLUMNS, placed) : undefined;
  const items = copyRowsOf(tables.order_items, ITEM_COLUMNS, batch.items);
  return async (tx) => {
    await eraseForgottenBuyers(tx, inTheClear);
    const orders = sealedOnly ?? copyRowsOf(tables.orders, ORDER_COLUMNS, placed);
    await tx.copyRows(orders.table, orders.columns, orders.text);
    if (batch.items.length > 0) await tx.copyRows(items.table, items.columns, items.text);
  };
}

const CHANGE_COLUMNS: readonly Column<StatusChange>[] = [
  ['id', 'text', (row) => row.id],
  ['status', 'text', (row) => row.status],
  ['updated_at', 'timestamptz', (row) => row.updated_at],
  ['position', 'bigint', (row) => row.position],
];

/** Status changes to orders placed in earlier batches; a change to an order nobody placed halts the projection. */
async function applyStatusChanges(tx: Sql, tables: TableNames, changes: StatusChange[], known: Set<string>): Promise<void> {
  if (changes.length === 0) return;
  const { sql, params } = columnArrays(CHANGE_COLUMNS, changes);
  const { rows } = await tx.query<{ id: string }>(
    `UPDATE ${quoteIdent(tables.orders)} o
        SET status = x.status, updated_at = x.updated_at, position = x.position
       FROM ${sql}
      WHERE o.id = x.id AND o.status = $${params.length + 1}
      RETURNING o.id`,
    [...params, PLACED_STATUS],
  );
  const found = new Set(rows.map((row) => row.id));
  const unsure = changes.filter((change) => !found.has(change.id) && !known.has(change.id));
  if (unsure.length === 0) return;
  const { rows: existing } = await tx.query<{ id: string }>(`SELECT id FROM ${quoteIdent(tables.orders)} WHERE id = ANY($1::text[])`, [
    unsure.map((change) => change.id),
  ]);
  const stored = new Set(existing.map((row) => row.id));
  const orphan = unsure.find((change) => !stored.has(change.id));
  if (orphan) throw new Error(`order ${orphan.id} changes status before it was placed (position ${orphan.position})`);
}

/**
 * Folds the batch in memory. Orders need nothing read back: a status change to an order the run has
 * not written is checked by its UPDATE.
 */
async function foldBatch(context: FoldContext, events: readonly ProjectedEvent[]): Promise<BatchWrite> {
  const known = rememberedOrders(context);
  const batch = fold(await mapInSlices(events, (event) => ({ event, order: forEvent(event, () => readOrderEvent(event)) })));
  const changes = [...batch.changes.values()];
  // Orders this batch changes that an earlier batch of this run placed: their rows exist once it commits.
  const earlier = new Set(changes.filter((change) => known.has(change.id)).map((change) => change.id));
  for (const id of batch.placed.keys()) known.add(id);
  const placed = insertPlaced(context.tables, batch);
  return async (tx) => {
    await placed(tx);
    await applyStatusChanges(tx, context.tables, changes, earlier);
  };
}

/** `orders` and `order_items` from the order streams: each batch folded in memory, then one write per table. */
export function ordersProjection(): Projection {
  return {
    name: ORDERS_PROJECTION,
    filter: { streamPrefixes: ['order-'] },
    tables: ['orders', 'order_items'],
    apply: async (context: ApplyContext, events: readonly ProjectedEvent[]) => (await foldBatch(context, events))(context.tx),
    fold: foldBatch,
  };
}
