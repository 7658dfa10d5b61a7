import { MAX_MOVEMENT_UNITS } from '../inventory/limits';
import { messages } from '../messages';

/**
 * The most units of a card one cart line may hold, and what to say when more are asked for: its stock
 * (spec §4), and never more than one order line takes (MAX_MOVEMENT_UNITS, past which the checkout
 * refuses): a card with millions in stock let the cart take them all, refused only at submit (QA).
 */
export function lineCeiling(stock: number): { units: number; refusal: string } {
  return stock > MAX_MOVEMENT_UNITS
    ? { units: MAX_MOVEMENT_UNITS, refusal: messages.domain.invalidQuantity }
    : { units: stock, refusal: messages.cart.onlyAvailable(stock) };
}
