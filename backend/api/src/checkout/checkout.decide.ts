import {
  type CardEvent,
  type CardState,
  cardStreamName,
  decideCard,
  decideOrder,
  DomainError,
  type OrderEvent,
  type OrderItem,
  type OrderState,
  orderStreamName,
  orderTotal,
  PriceChangedError,
  type SealedBuyer,
} from '@tcg/domain';
import { assertCurrentPrice, currentPrice } from '../inventory';
import type { CardLine } from './checkout-lines';

export interface CheckoutPlan {
  orderId: string;
  buyer: SealedBuyer;
  proofKey: string;
  proofHash: string;
  /** One card per line (`cardLines`), each with the reservation id this checkout minted for it. */
  lines: Array<CardLine & { reservationId: string }>;
  at: Date;
}

/**
 * The whole checkout as one decision over its streams (pure): a `StockReserved` on every card at the
 * price the shopper saw and `OrderPlaced` with those lines, or the first refusal (cards in `cardLines`
 * order). An order stream that already holds this key's order decides nothing: the caller answers
 * with that order.
 */
export function decideCheckout(
  plan: CheckoutPlan,
  states: ReadonlyMap<string, unknown>,
): ReadonlyMap<string, Array<CardEvent | OrderEvent>> {
  const orderStreamId = orderStreamName(plan.orderId);
  const order = states.get(orderStreamId) as OrderState;
  if (order.status !== 'none') return new Map();
  const events = new Map<string, Array<CardEvent | OrderEvent>>();
  const items: OrderItem[] = [];
  for (const line of plan.lines) {
    const streamId = cardStreamName(line.cardId);
    const card = states.get(streamId) as CardState;
    if (line.seenPrices.length > 1) refuseMixedPrices(card, line);
    const unitPrice = line.seenPrices[0];
    assertCurrentPrice(card, line.cardId, unitPrice);
    const { reservationId, quantity } = line;
    const reserve = { type: 'ReserveStock', data: { reservationId, orderId: plan.orderId, quantity, at: plan.at } } as const;
    events.set(streamId, decideCard(reserve, card));
    const name = card.status === 'listed' ? card.details.name : line.cardId;
    items.push({ cardId: line.cardId, name, quantity, unitPrice, reservationId });
  }
  const { orderId, buyer, proofKey, proofHash, at } = plan;
  const place = { type: 'PlaceOrder', data: { orderId, buyer, items, total: orderTotal(items), proofKey, proofHash, at } } as const;
  events.set(orderStreamId, decideOrder(place, order));
  return events;
}

/** Two lines of one card seen at two prices: at most one of them is current. */
export function refuseMixedPrices(state: CardState, line: CardLine): never {
  if (state.status === 'unlisted') throw DomainError.of('card_not_listed', { cardId: line.cardId });
  const current = currentPrice(state) ?? 0;
  const seen = line.seenPrices.find((price) => price !== current) ?? line.seenPrices[0];
  throw new PriceChangedError(line.cardId, state.details.name, seen, current);
}
