/** The most units one movement (an `ingreso`, or one line of an order) may move. */
export const MAX_MOVEMENT_UNITS = 100_000;

/**
 * The most units one card may hold. A singles shop never comes near it: a larger stock is a slip of the
 * keyboard (an `ingreso` of 99,999,999,999 units), refused before it reaches the log for good.
 */
export const MAX_CARD_STOCK = 1_000_000;

/** A card upload's quantity: a movement's, or 0 for an upload that adds no stock (ADR 0005 §1). */
export function isUploadQuantity(quantity: unknown): quantity is number {
  return quantity === 0 || isMovementQuantity(quantity);
}

export function isMovementQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isSafeInteger(quantity) && quantity >= 1 && quantity <= MAX_MOVEMENT_UNITS;
}
