import { lineCeiling, messages, type CartCheckResponse } from '@tcg/domain';
import type { CartItem, CartOutcome } from './cart.rules';

export type CheckedCard = CartCheckResponse['cards'][number];

/**
 * Brings stored lines in line with the server's current stock and prices. A card that is gone or
 * sold out leaves the cart; a quantity above the stock (or an order line's most) is clamped to it; a new price replaces the
 * old. Each change the shopper would notice is put into words; a ceiling that only rose is not.
 */
export function reconcileCart(items: CartItem[], cards: CheckedCard[]): CartOutcome {
  const current = new Map(cards.map((card) => [card.id, card]));
  const notes: string[] = [];
  const next = items.flatMap((item): CartItem[] => {
    const card = current.get(item.id);
    if (!card || card.stockFinal < 1) {
      notes.push(`${messages.cart.outOfStock}: ${item.name}.`);
      return [];
    }
    const ceiling = lineCeiling(card.stockFinal);
    const quantity = Math.min(item.quantity, ceiling.units);
    if (quantity < item.quantity) notes.push(`${item.name}: ${ceiling.refusal.replace(/\.$/, '')}.`);
    if (card.price !== item.price) notes.push(messages.checkout.priceChanged(item.name));
    return [{ ...item, quantity, price: card.price, maxStock: card.stockFinal }];
  });
  const unchanged =
    next.length === items.length &&
    next.every((line, i) => line.quantity === items[i].quantity && line.price === items[i].price && line.maxStock === items[i].maxStock);
  if (unchanged) return { kind: 'ignored' };
  return { kind: 'changed', items: next, ...(notes.length > 0 ? { warning: notes.join(' ') } : {}) };
}
