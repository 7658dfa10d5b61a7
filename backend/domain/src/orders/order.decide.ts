import { isMovementQuantity } from '../inventory/limits';
import { isAmount, isCents, lineTotal } from '../money';
import { assertNever, DomainError } from '../shared';
import type { AbandonOrder, CancelOrder, ConfirmOrder, OrderCommand, PlaceOrder } from './order.commands';
import type { OrderAbandoned, OrderCancelled, OrderConfirmed, OrderEvent, OrderItem, OrderPlaced } from './order.events';
import type { OrderState } from './order.evolve';

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'ConfirmOrder':
      return confirmOrder(command, state);
    case 'CancelOrder':
      return cancelOrder(command, state);
    case 'AbandonOrder':
      return abandonOrder(command, state);
    default:
      return assertNever(command);
  }
}

/** Subtotal = the sum of price × quantity (spec §9). */
export function orderTotal(items: readonly Pick<OrderItem, 'unitPrice' | 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + lineTotal(item.unitPrice, item.quantity), 0);
}

function placeOrder({ data }: PlaceOrder, state: OrderState): OrderPlaced[] {
  if (state.status === 'abandoned') throw DomainError.of('order_abandoned', { orderId: data.orderId });
  if (state.status !== 'none') throw DomainError.of('order_already_placed', { orderId: data.orderId });
  assertComplete(data);
  assertItems(data.items);
  const expected = orderTotal(data.items);
  if (!isCents(data.total) || data.total !== expected) {
    throw DomainError.of('total_mismatch', { total: data.total, expected });
  }
  const { orderId, buyer, total, proofKey, proofHash } = data;
  // Copied field by field so nothing else a caller attached to a line ends up in the store.
  const items = data.items.map(({ cardId, name, quantity, unitPrice, reservationId }) => ({
    cardId,
    name,
    quantity,
    unitPrice,
    reservationId,
  }));
  const at = data.at.toISOString();
  return [
    { type: 'OrderPlaced', version: 2, data: { orderId, buyer: { userId: buyer.userId, sealed: buyer.sealed }, items, total, proofKey, proofHash, at } },
  ];
}

/** Every text of the order is stored; a blank one would make the event unreadable later. */
function assertComplete({ orderId, buyer, items, proofKey, proofHash }: PlaceOrder['data']): void {
  const texts = [orderId, buyer.userId, buyer.sealed, proofKey, proofHash];
  const itemTexts = items.flatMap((item) => [item.cardId, item.name, item.reservationId]);
  if ([...texts, ...itemTexts].some((value) => value.trim() === '')) throw DomainError.of('incomplete_order');
}

function assertItems(items: readonly OrderItem[]): void {
  if (items.length === 0) throw DomainError.of('order_without_items');
  for (const item of items) {
    if (!isMovementQuantity(item.quantity)) throw DomainError.of('invalid_quantity', { cardId: item.cardId });
    if (!isAmount(item.unitPrice)) throw DomainError.of('invalid_price', { cardId: item.cardId });
  }
  // Confirming settles each line's reservation; two lines sharing one would sell only once.
  const reservations = new Set(items.map((item) => item.reservationId));
  if (reservations.size !== items.length) throw DomainError.of('duplicate_reservation');
}

/** A second confirm is a retry: no event, so never a second sale. */
function confirmOrder({ data }: ConfirmOrder, state: OrderState): OrderConfirmed[] {
  switch (state.status) {
    case 'none':
    case 'abandoned':
      throw DomainError.of('order_not_found');
    case 'confirmado':
      return [];
    case 'anulado':
      throw DomainError.of('order_already_cancelled', { orderId: state.order.orderId });
    case 'pendiente_confirmación_pago':
      return [
        { type: 'OrderConfirmed', version: 1, data: { orderId: state.order.orderId, at: data.at.toISOString() } },
      ];
    default:
      return assertNever(state);
  }
}

/** A second cancel is a retry: no event, so never a second release. */
function cancelOrder({ data }: CancelOrder, state: OrderState): OrderCancelled[] {
  switch (state.status) {
    case 'none':
    case 'abandoned':
      throw DomainError.of('order_not_found');
    case 'anulado':
      return [];
    case 'confirmado':
      throw DomainError.of('order_already_confirmed', { orderId: state.order.orderId });
    case 'pendiente_confirmación_pago':
      return [
        { type: 'OrderCancelled', version: 1, data: { orderId: state.order.orderId, at: data.at.toISOString() } },
      ];
    default:
      return assertNever(state);
  }
}

/** Only an empty order stream is abandoned; a placed order (or one abandoned already) is left as it is. */
function abandonOrder({ data }: AbandonOrder, state: OrderState): OrderAbandoned[] {
  if (state.status !== 'none') return [];
  return [{ type: 'OrderAbandoned', version: 1, data: { orderId: data.orderId, at: data.at.toISOString() } }];
}
