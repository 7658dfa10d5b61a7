import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/** Movement `venta`: settles a reservation when its order is confirmed; re-sending it sells once. */
export class SettleReservationCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly reservationId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
