import { type CardState, type Cents, DomainError, PriceChangedError } from '@tcg/domain';

/** What a buyer pays now (spec: the offer takes precedence when set); null when the card has no price. */
export function currentPrice(state: CardState): Cents | null {
  if (state.status !== 'listed' || !state.prices) return null;
  return state.prices.offerPrice ?? state.prices.salePrice;
}

/** Refuses unless `seen` is the card's current price: what a reservation at a shown price checks. */
export function assertCurrentPrice(state: CardState, cardId: string, seen: Cents): void {
  if (state.status === 'unlisted') throw DomainError.of('card_not_listed', { cardId });
  const current = currentPrice(state);
  // A card without a price, or on sale for nothing (only an old upload could have stored 0), is not sold.
  if (current === null || current === 0) throw DomainError.of('invalid_price', { cardId });
  if (current !== seen) throw new PriceChangedError(cardId, state.details.name, seen, current);
}
