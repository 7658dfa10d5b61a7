import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../streams';
import type { CardCommandResult } from './card-command-result';

/** Movement `anulacion`: undoes a reservation (order cancelled or never placed); re-sending it releases once. */
export class ReleaseReservationCommand extends Command<CardCommandResult> {
  constructor(
    readonly cardId: string,
    readonly reservationId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
