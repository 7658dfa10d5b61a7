import type { OrderBuyer, PlacedOrder } from '@tcg/domain';
import { requestHash as hashOf } from '../inventory';
import type { CheckoutLine, SealedCheckoutInput } from './checkout.command';

/** One card of the cart: its lines summed, with every price the shopper saw for it. */
export interface CardLine {
  cardId: string;
  quantity: number;
  seenPrices: number[];
}

/**
 * Lines of the same card are summed (one reservation per card), and cards are taken in one global
 * order so two carts holding the same cards never wait on each other in opposite orders.
 */
export function cardLines(items: readonly CheckoutLine[]): CardLine[] {
  const byCard = new Map<string, CardLine>();
  for (const item of items) {
    const line = byCard.get(item.cardId) ?? { cardId: item.cardId, quantity: 0, seenPrices: [] };
    line.quantity += item.quantity;
    if (!line.seenPrices.includes(item.unitPrice)) line.seenPrices.push(item.unitPrice);
    byCard.set(item.cardId, line);
  }
  return [...byCard.values()].sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0));
}

/**
 * What makes two submits "the same request": the order they ask for (buyer, each card's summed
 * quantity at the prices seen, the proof's image), not the idempotency key, how the lines were split,
 * nor the upload the image came in: a shopper whose answer was lost (a crash, a session that ended)
 * attaches the same image again, which is a new upload, and must get the first order back. A placed
 * order hashes the same way (`placedOrderHash`), so a key can be checked against its order alone.
 */
export function requestHash(input: SealedCheckoutInput): string {
  const lines = cardLines(input.items).map(({ cardId, quantity, seenPrices }) => ({
    cardId,
    quantity,
    prices: [...seenPrices].sort((a, b) => a - b),
  }));
  return canonicalHash(input.buyer, lines, input.proofHash);
}

export function placedOrderHash(order: PlacedOrder): string {
  const lines = order.items.map(({ cardId, quantity, unitPrice }) => ({ cardId, quantity, prices: [unitPrice] }));
  return canonicalHash(order.buyer, lines, order.proofHash);
}

function canonicalHash(
  buyer: OrderBuyer,
  lines: { cardId: string; quantity: number; prices: number[] }[],
  proofHash: string,
): string {
  const canonical = {
    // Sealing is deterministic (the same contact under the same key seals the same), so a sealed buyer
    // compares as it is; an order placed before sealing compares in the clear.
    buyer: 'sealed' in buyer ? { userId: buyer.userId, sealed: buyer.sealed } : { userId: buyer.userId, name: buyer.name, email: buyer.email, phone: buyer.phone },
    lines: [...lines].sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0)),
    proofHash,
  };
  return hashOf(canonical);
}
