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

/** The card's movements, oldest first; null when no such card is listed. */
export class CardMovementsQuery extends Query<CardMovementEntry[] | null> {
  constructor(readonly cardId: string) {
    super();
  }
}
