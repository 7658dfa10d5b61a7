import type { Cents } from '../money';
import { assertNever, emptyPersistentMap, getEntry, type PersistentMap, withEntry } from '../shared';
import type { CardEvent } from './card.events';

export const movementTypes = ['ingreso', 'reserva', 'venta', 'anulacion'] as const;
export type MovementType = (typeof movementTypes)[number];

/** One line of a card's stock ledger, as the audit and the movements read model show it. */
export interface Movement {
  type: MovementType;
  quantity: number;
  /** ISO 8601 instant. */
  timestamp: string;
  /** `reserva` only: its own id, which a `venta` or `anulacion` names as `source`. */
  reservationId?: string;
  /** `venta` and `anulacion`: the reservation they settle or undo. */
  source?: string;
  /** `reserva`, `venta` and `anulacion`: the order the stock moved for. */
  orderId?: string;
  /** `ingreso` only. */
  unitCost?: Cents;
}

/** The movement an event records, or null for catalogue events that do not move stock. */
export function toMovement(event: CardEvent): Movement | null {
  switch (event.type) {
    case 'CardListed':
    case 'CardDetailsChanged':
    case 'PriceSet':
      return null;
    case 'StockAdded':
      return {
        type: 'ingreso',
        quantity: event.data.quantity,
        timestamp: event.data.at,
        unitCost: event.data.unitCost,
      };
    case 'StockReserved': {
      const { quantity, at, reservationId, orderId } = event.data;
      return { type: 'reserva', quantity, timestamp: at, reservationId, orderId };
    }
    case 'StockSold': {
      const { quantity, at, source, orderId } = event.data;
      return { type: 'venta', quantity, timestamp: at, source, orderId };
    }
    case 'StockReleased': {
      const { quantity, at, reservationId, orderId } = event.data;
      return { type: 'anulacion', quantity, timestamp: at, source: reservationId, orderId };
    }
    default:
      return assertNever(event);
  }
}

export function cardMovements(events: readonly CardEvent[]): Movement[] {
  return events.flatMap((event) => toMovement(event) ?? []);
}

/**
 * The running form of the spec's stock rule, so a stream can be folded one event at a time (and
 * snapshotted) instead of re-read whole. `reserved` holds each `reserva`'s quantity; `settled`
 * remembers every reservation a `venta` named, even before its `reserva` is seen, so the result does
 * not depend on the order of the movements.
 */
export interface StockLedger {
  readonly stock: number;
  readonly reserved: PersistentMap<number>;
  readonly settled: PersistentMap<true>;
}

export const emptyStockLedger: StockLedger = {
  stock: 0,
  reserved: emptyPersistentMap(),
  settled: emptyPersistentMap(),
};

/**
 * Spec §4: `ingreso` and `anulacion` add; `venta` subtracts; `reserva` subtracts unless a `venta`
 * names it as source. This is the only implementation of the rule: the card decider, the
 * projections and the audit all fold through it, so they cannot disagree.
 */
export function applyMovement(ledger: StockLedger, movement: Movement): StockLedger {
  switch (movement.type) {
    case 'ingreso':
    case 'anulacion':
      return { ...ledger, stock: ledger.stock + movement.quantity };
    case 'reserva':
      return reserve(ledger, movement);
    case 'venta':
      return sell(ledger, movement);
    default:
      return assertNever(movement.type);
  }
}

function reserve(ledger: StockLedger, movement: Movement): StockLedger {
  const id = movement.reservationId;
  if (id === undefined) return { ...ledger, stock: ledger.stock - movement.quantity };
  if (getEntry(ledger.settled, id)) return ledger;
  return {
    ...ledger,
    stock: ledger.stock - movement.quantity,
    reserved: withEntry(ledger.reserved, id, (getEntry(ledger.reserved, id) ?? 0) + movement.quantity),
  };
}

function sell(ledger: StockLedger, movement: Movement): StockLedger {
  const stock = ledger.stock - movement.quantity;
  const source = movement.source;
  if (source === undefined || getEntry(ledger.settled, source)) return { ...ledger, stock };
  return {
    ...ledger,
    stock: stock + (getEntry(ledger.reserved, source) ?? 0),
    settled: withEntry(ledger.settled, source, true),
  };
}

export function foldStock(movements: readonly Movement[], from: StockLedger = emptyStockLedger): StockLedger {
  return movements.reduce(applyMovement, from);
}

/** The computed stock of a card (spec §4), from its movements in any order. */
export function computeStock(movements: readonly Movement[]): number {
  return foldStock(movements).stock;
}
