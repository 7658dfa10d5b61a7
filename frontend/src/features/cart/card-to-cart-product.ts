import type { CardSummary } from '@tcg/domain';
import { cardPrice } from '@/lib/card-price';
import type { CartProduct } from './cart.rules';

/** What a card puts in the cart: its current price and, as the ceiling, its current stock. */
export function cardToCartProduct(card: CardSummary): CartProduct {
  return {
    id: card.id,
    name: card.name,
    price: cardPrice(card),
    image: card.imageSmallUrl ?? card.imageUrl,
    maxStock: card.stockFinal,
    setCode: card.setCode,
    rarity: card.rarity,
    edition: card.edition,
  };
}
