import type { Cents } from '../money';
import { assertNever, emptyPersistentMap, getEntry, type PersistentMap, withEntry } from '../shared';
import type { CardEvent, CardListedData } from './card.events';
import { applyMovement, emptyStockLedger, type StockLedger, toMovement } from './stock.fold';

export type CardDetails = Omit<CardListedData, 'at'>;

export interface CardPrices {
  salePrice: Cents;
  offerPrice: Cents | null;
}

export type ReservationStatus = 'reserved' | 'sold' | 'released';

export interface Reservation {
  orderId: string;
  quantity: number;
  status: ReservationStatus;
}

export interface UnlistedCard {
  status: 'unlisted';
}

export interface ListedCard {
  status: 'listed';
  details: CardDetails;
  prices: CardPrices | null;
  /** The computed stock and what it needs to stay correct; `ledger.stock` is the available stock. */
  ledger: StockLedger;
  /** Every reservation ever made, so a retried reserve, settle or release is recognised. */
  reservations: PersistentMap<Reservation>;
  /**
   * Units reserved for orders neither sold nor released yet. A cancel gives them back to the stock, so
   * the stock limit counts them: the card holds `ledger.stock + reservedUnits`.
   */
  reservedUnits: number;
}

export type CardState = UnlistedCard | ListedCard;

export function initialCardState(): CardState {
  return { status: 'unlisted' };
}

/** The computed stock (spec §4): what can still be reserved. */
export function availableStock(state: CardState): number {
  return state.status === 'listed' ? state.ledger.stock : 0;
}

export function findReservation(state: CardState, reservationId: string): Reservation | undefined {
  return state.status === 'listed' ? getEntry(state.reservations, reservationId) : undefined;
}

export function evolveCard(state: CardState, event: CardEvent): CardState {
  // The decider lists a card once and refuses everything else before that.
  if (event.type === 'CardListed') return state.status === 'unlisted' ? listed(event.data) : state;
  if (state.status === 'unlisted') return state;
  const ledger = recordMovement(state.ledger, event);
  switch (event.type) {
    case 'CardDetailsChanged': {
      const { at: _at, cardId: _cardId, ...changes } = event.data;
      return { ...state, details: { ...state.details, ...changes } };
    }
    case 'PriceSet':
      return { ...state, prices: { salePrice: event.data.salePrice, offerPrice: event.data.offerPrice } };
    case 'StockAdded':
      return { ...state, ledger };
    case 'StockReserved': {
      const { reservationId, orderId, quantity } = event.data;
      const reservations = withEntry(state.reservations, reservationId, {
        orderId,
        quantity,
        status: 'reserved' as const,
      });
      return { ...state, ledger, reservations, reservedUnits: state.reservedUnits + quantity };
    }
    case 'StockSold':
      return { ...state, ledger, ...close(state, event.data.source, 'sold') };
    case 'StockReleased':
      return { ...state, ledger, ...close(state, event.data.reservationId, 'released') };
    default:
      return assertNever(event);
  }
}

function listed(data: CardListedData): ListedCard {
  const { at: _at, ...details } = data;
  return {
    status: 'listed',
    details,
    prices: null,
    ledger: emptyStockLedger,
    reservations: emptyPersistentMap(),
    reservedUnits: 0,
  };
}

function recordMovement(ledger: StockLedger, event: CardEvent): StockLedger {
  const movement = toMovement(event);
  return movement ? applyMovement(ledger, movement) : ledger;
}

function close(
  state: ListedCard,
  reservationId: string,
  status: ReservationStatus,
): Pick<ListedCard, 'reservations' | 'reservedUnits'> {
  const { reservations, reservedUnits } = state;
  const reservation = getEntry(reservations, reservationId);
  if (!reservation) return { reservations, reservedUnits };
  const stillHeld = reservation.status === 'reserved' ? reservation.quantity : 0;
  return {
    reservations: withEntry(reservations, reservationId, { ...reservation, status }),
    reservedUnits: reservedUnits - stillHeld,
  };
}
