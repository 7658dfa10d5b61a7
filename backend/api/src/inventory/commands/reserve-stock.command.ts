import { Command } from '@nestjs/cqrs';
import type { Cents } from '@tcg/domain';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/**
 * Movement `reserva`. The caller mints `reservationId`; re-sending it reserves once. With
 * `expectedUnitPrice`, the reservation is refused (PriceChangedError) unless that is the card's
 * current price (the offer when set, else the sale price), checked on the same revision.
 */
export class ReserveStockCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly reservationId: string,
    readonly orderId: string,
    readonly quantity: number,
    readonly context: CommandContext,
    readonly expectedUnitPrice?: Cents,
  ) {
    super();
  }
}
