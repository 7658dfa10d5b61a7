import type { CardState, Cents } from '@tcg/domain';

/** What a buyer pays now (spec: the offer takes precedence when set); null when the card has no price. */
export function currentPrice(state: CardState): Cents | null {
  if (state.status !== 'listed' || !state.prices) return null;
  return state.prices.offerPrice ?? state.prices.salePrice;
}
