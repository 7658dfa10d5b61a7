import { messages } from '../messages';

/** How the API should answer a refusal: 400, 404 or 409. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict';

/** Every refusal the domain can give, with its kind. Codes are stable: clients switch on them. */
export const domainErrorKinds = {
  invalid_quantity: 'invalid',
  invalid_price: 'invalid',
  sale_price_required: 'invalid',
  offer_not_below_sale: 'invalid',
  invalid_unit_cost: 'invalid',
  invalid_card_details: 'invalid',
  stock_limit: 'conflict',
  card_not_listed: 'not_found',
  card_already_listed: 'conflict',
  insufficient_stock: 'conflict',
  price_changed: 'conflict',
  reservation_conflict: 'conflict',
  reservation_not_found: 'not_found',
  reservation_released: 'conflict',
  reservation_sold: 'conflict',
  order_not_found: 'not_found',
  order_already_placed: 'conflict',
  order_abandoned: 'conflict',
  order_without_items: 'invalid',
  incomplete_order: 'invalid',
  duplicate_reservation: 'invalid',
  total_mismatch: 'invalid',
  order_already_cancelled: 'conflict',
  order_already_confirmed: 'conflict',
} as const satisfies Record<string, DomainErrorKind>;

export type DomainErrorCode = keyof typeof domainErrorKinds;

type FixedMessageCode = Exclude<DomainErrorCode, 'insufficient_stock' | 'price_changed'>;

const fixedMessages: Record<FixedMessageCode, string> = {
  invalid_quantity: messages.domain.invalidQuantity,
  invalid_price: messages.domain.invalidPrice,
  sale_price_required: messages.domain.salePriceRequired,
  offer_not_below_sale: messages.domain.offerNotBelowSale,
  invalid_unit_cost: messages.domain.invalidUnitCost,
  invalid_card_details: messages.domain.invalidCardDetails,
  stock_limit: messages.domain.stockLimit,
  card_not_listed: messages.catalog.cardNotFound,
  card_already_listed: messages.domain.cardAlreadyListed,
  reservation_conflict: messages.domain.reservationConflict,
  reservation_not_found: messages.domain.reservationNotFound,
  reservation_released: messages.domain.reservationReleased,
  reservation_sold: messages.domain.reservationSold,
  order_not_found: messages.domain.orderNotFound,
  order_already_placed: messages.domain.orderAlreadyPlaced,
  order_abandoned: messages.domain.orderAbandoned,
  order_without_items: messages.cart.empty,
  incomplete_order: messages.checkout.missingFields,
  duplicate_reservation: messages.domain.duplicateReservation,
  total_mismatch: messages.domain.totalMismatch,
  order_already_cancelled: messages.domain.orderAlreadyCancelled,
  order_already_confirmed: messages.domain.orderAlreadyConfirmed,
};

/**
 * A business rule said no. `message` is Spanish and safe to show; `details` carries what a client
 * needs to recover (for example the available quantity).
 */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.kind = domainErrorKinds[code];
  }

  /** A refusal whose message never varies, taken from the catalogue. */
  static of(code: FixedMessageCode, details: Readonly<Record<string, unknown>> = {}): DomainError {
    return new DomainError(code, fixedMessages[code], details);
  }
}

/** A reservation asked for more than the card has; the cart uses `available` to correct itself. */
export class InsufficientStockError extends DomainError {
  constructor(
    readonly cardId: string,
    readonly cardName: string,
    readonly requested: number,
    readonly available: number,
  ) {
    super('insufficient_stock', messages.checkout.insufficientStock(cardName), {
      cardId,
      cardName,
      requested,
      available,
    });
    this.name = 'InsufficientStockError';
  }
}

/** The price the shopper saw is not the current one (DESIGN §3: prices come from the server). */
export class PriceChangedError extends DomainError {
  constructor(
    readonly cardId: string,
    readonly cardName: string,
    readonly seenPrice: number,
    readonly currentPrice: number,
  ) {
    super('price_changed', messages.checkout.priceChanged(cardName), { cardId, cardName, seenPrice, currentPrice });
    this.name = 'PriceChangedError';
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
