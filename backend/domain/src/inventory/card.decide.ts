import { isAmount } from '../money';
import { isMovementQuantity, MAX_CARD_STOCK } from './limits';
import { assertNever, DomainError, getEntry, InsufficientStockError } from '../shared';
import { cardId, cardKeywords, cardLanguages, deriveSetId, editions } from './card-identity';
import type {
  AddStock,
  CardCommand,
  CardDetailChanges,
  ChangeCardDetails,
  ListCard,
  ReleaseReservation,
  ReserveStock,
  SetPrice,
  SettleReservation,
} from './card.commands';
import type { CardDetails, CardState, ListedCard, Reservation } from './card.evolve';
import type {
  CardDetailsChanged,
  CardEvent,
  CardListed,
  PriceSet,
  StockAdded,
  StockReleased,
  StockReserved,
  StockSold,
} from './card.events';

export function decideCard(command: CardCommand, state: CardState): CardEvent[] {
  switch (command.type) {
    case 'ListCard':
      return listCard(command, state);
    case 'ChangeCardDetails':
      return changeDetails(command, listedOrRefuse(state));
    case 'SetPrice':
      return setPrice(command, listedOrRefuse(state));
    case 'AddStock':
      return addStock(command, listedOrRefuse(state));
    case 'ReserveStock':
      return reserveStock(command, listedOrRefuse(state));
    case 'SettleReservation':
      return settle(command, listedOrRefuse(state));
    case 'ReleaseReservation':
      return release(command, listedOrRefuse(state));
    default:
      return assertNever(command);
  }
}

function listedOrRefuse(state: CardState): ListedCard {
  if (state.status === 'unlisted') throw DomainError.of('card_not_listed');
  return state;
}

/** Listing the same card again with the same details is a retry; with other details, a mistake. */
function listCard({ data }: ListCard, state: CardState): CardListed[] {
  const required = [data.name, data.defaultName, data.rarity, data.set, data.setCode];
  const known = editions.includes(data.edition) && cardLanguages.includes(data.language);
  if (required.some(isBlank) || !known) throw DomainError.of('invalid_card_details');
  const spanishName = orNull(data.spanishName);
  const details: CardDetails = {
    cardId: cardId(data),
    name: data.name.trim(),
    defaultName: data.defaultName.trim(),
    spanishName,
    imageUrl: orNull(data.imageUrl),
    imageSmallUrl: orNull(data.imageSmallUrl),
    rarity: data.rarity.trim(),
    edition: data.edition,
    set: data.set.trim(),
    setCode: data.setCode.trim(),
    setId: orNull(data.setId) ?? deriveSetId(data.setCode),
    language: data.language,
    keywords: cardKeywords(data.defaultName, spanishName),
  };
  if (state.status === 'listed') {
    if (sameDetails(state.details, details)) return [];
    throw DomainError.of('card_already_listed', { cardId: details.cardId });
  }
  return [{ type: 'CardListed', version: 1, data: { ...details, at: data.at.toISOString() } }];
}

const requiredDetails = ['name', 'defaultName', 'set', 'setId'] as const;
const optionalDetails = ['spanishName', 'imageUrl', 'imageSmallUrl'] as const;

function changeDetails({ data }: ChangeCardDetails, state: ListedCard): CardDetailsChanged[] {
  const changed = changedFields(state.details, data.changes);
  const keywords = cardKeywords(
    changed.defaultName ?? state.details.defaultName,
    changed.spanishName !== undefined ? changed.spanishName : state.details.spanishName,
  );
  if (!sameList(keywords, state.details.keywords)) changed.keywords = keywords;
  if (Object.keys(changed).length === 0) return [];
  const at = data.at.toISOString();
  return [{ type: 'CardDetailsChanged', version: 1, data: { cardId: state.details.cardId, ...changed, at } }];
}

/** Only the fields that really differ, so a repeated change records nothing. */
function changedFields(details: CardDetails, changes: CardDetailChanges): Partial<CardDetails> {
  const changed: Partial<CardDetails> = {};
  for (const key of requiredDetails) {
    const value = changes[key];
    if (value === undefined) continue;
    if (isBlank(value)) throw DomainError.of('invalid_card_details');
    if (value.trim() !== details[key]) changed[key] = value.trim();
  }
  for (const key of optionalDetails) {
    const value = changes[key];
    if (value !== undefined && orNull(value) !== details[key]) changed[key] = orNull(value);
  }
  return changed;
}

function setPrice({ data }: SetPrice, state: ListedCard): PriceSet[] {
  if (!isAmount(data.salePrice) || (data.offerPrice !== null && !isAmount(data.offerPrice))) {
    throw DomainError.of('invalid_price');
  }
  // A card on sale for nothing is never meant: the upload form's default of 0 is "not typed".
  if (data.salePrice === 0) throw DomainError.of('sale_price_required');
  // The upload form defaults the offer to 0, meaning "no offer"; storing null keeps every reader
  // from showing a free card because the offer "takes precedence".
  const offerPrice = data.offerPrice === 0 ? null : data.offerPrice;
  // The sale price is shown struck through next to the offer: an offer at or above it charges more than "before".
  if (offerPrice !== null && offerPrice >= data.salePrice) throw DomainError.of('offer_not_below_sale');
  const current = state.prices;
  if (current && current.salePrice === data.salePrice && current.offerPrice === offerPrice) return [];
  const at = data.at.toISOString();
  return [
    { type: 'PriceSet', version: 1, data: { cardId: state.details.cardId, salePrice: data.salePrice, offerPrice, at } },
  ];
}

function addStock({ data }: AddStock, state: ListedCard): StockAdded[] {
  assertQuantity(data.quantity);
  if (!isAmount(data.unitCost)) throw DomainError.of('invalid_unit_cost');
  const { quantity, unitCost } = data;
  // Reserved units come back on a cancel, which cannot be refused: they count as held.
  const held = state.ledger.stock + state.reservedUnits;
  if (held + quantity > MAX_CARD_STOCK) {
    throw DomainError.of('stock_limit', { cardId: state.details.cardId, stock: held, limit: MAX_CARD_STOCK });
  }
  return [
    {
      type: 'StockAdded',
      version: 1,
      data: { cardId: state.details.cardId, quantity, unitCost, at: data.at.toISOString() },
    },
  ];
}

function reserveStock({ data }: ReserveStock, state: ListedCard): StockReserved[] {
  assertQuantity(data.quantity);
  const { reservationId, orderId, quantity } = data;
  const existing = getEntry(state.reservations, reservationId);
  if (existing) {
    if (existing.orderId === orderId && existing.quantity === quantity) return [];
    throw DomainError.of('reservation_conflict', { reservationId });
  }
  const available = state.ledger.stock;
  if (quantity > available) {
    throw new InsufficientStockError(state.details.cardId, state.details.name, quantity, available);
  }
  const at = data.at.toISOString();
  return [
    { type: 'StockReserved', version: 1, data: { cardId: state.details.cardId, reservationId, orderId, quantity, at } },
  ];
}

function settle({ data }: SettleReservation, state: ListedCard): StockSold[] {
  const reservation = reservationOrRefuse(state, data.reservationId);
  switch (reservation.status) {
    case 'sold':
      return [];
    case 'released':
      throw DomainError.of('reservation_released', { reservationId: data.reservationId });
    case 'reserved': {
      const { orderId, quantity } = reservation;
      const at = data.at.toISOString();
      return [
        {
          type: 'StockSold',
          version: 1,
          data: { cardId: state.details.cardId, source: data.reservationId, orderId, quantity, at },
        },
      ];
    }
    default:
      return assertNever(reservation.status);
  }
}

function release({ data }: ReleaseReservation, state: ListedCard): StockReleased[] {
  const reservation = reservationOrRefuse(state, data.reservationId);
  switch (reservation.status) {
    case 'released':
      return [];
    case 'sold':
      throw DomainError.of('reservation_sold', { reservationId: data.reservationId });
    case 'reserved': {
      const { orderId, quantity } = reservation;
      const at = data.at.toISOString();
      return [
        {
          type: 'StockReleased',
          version: 1,
          data: { cardId: state.details.cardId, reservationId: data.reservationId, orderId, quantity, at },
        },
      ];
    }
    default:
      return assertNever(reservation.status);
  }
}

function reservationOrRefuse(state: ListedCard, reservationId: string): Reservation {
  const reservation = getEntry(state.reservations, reservationId);
  if (!reservation) throw DomainError.of('reservation_not_found', { reservationId });
  return reservation;
}

function assertQuantity(quantity: number): void {
  if (!isMovementQuantity(quantity)) throw DomainError.of('invalid_quantity');
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Optional texts are stored as null when empty, never as ''. */
function orNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function sameList(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value, index) => value === right[index]);
}

function sameDetails(left: CardDetails, right: CardDetails): boolean {
  return (Object.keys(right) as (keyof CardDetails)[]).every((key) => {
    const [a, b] = [left[key], right[key]];
    return Array.isArray(a) && Array.isArray(b) ? sameList(a, b) : a === b;
  });
}
