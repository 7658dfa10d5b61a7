import { Query } from '@nestjs/cqrs';
import type { Cents, MovementType } from '@tcg/domain';

/** One line of a card's stock ledger (spec §3 movements). */
export interface CardMovementEntry {
  type: MovementType;
  quantity: number;
  timestamp: string;
  /** Céntimos per unit, on an ingreso only. */
  unitCost: Cents | null;
  /** On a venta or anulacion: the reservation it ends. */
  source: string | null;
  orderId: string | null;
}

/** Movements per answer: a card sold for years has thousands. */
export const MOVEMENTS_PAGE_SIZE = 50;

export interface CardMovementsPage {
  /** Oldest first, as a ledger reads. */
  movements: CardMovementEntry[];
  /** The position to ask `before` for the movements that came earlier; null when these are the first. */
  earlier: number | null;
}

/**
 * The card's latest movements before `before` (a position; the latest of all when null), oldest first;
 * null when no such card is listed.
 */
export class CardMovementsQuery extends Query<CardMovementsPage | null> {
  constructor(
    readonly cardId: string,
    readonly before: number | null = null,
  ) {
    super();
  }
}
