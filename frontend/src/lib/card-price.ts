import type { CardSummary } from '@tcg/domain';

/** Spec §9: the offer price, when set, is the price a card sells at; the sale price is then struck through. */
export function cardPrice(card: Pick<CardSummary, 'lastSalePrice' | 'lastOfferPrice'>): number {
  return card.lastOfferPrice ?? card.lastSalePrice;
}
