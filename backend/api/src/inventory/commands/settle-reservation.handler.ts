import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';
import { SettleReservationCommand } from './settle-reservation.command';

@CommandHandler(SettleReservationCommand)
export class SettleReservationHandler implements ICommandHandler<SettleReservationCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, reservationId, context }: SettleReservationCommand): Promise<CardCommandResult> {
    const command = { type: 'SettleReservation', data: { reservationId, at: new Date() } } as const;
    return decideOnCard(this.decider, cardId, command, context, { idempotencyKey: `settle:${reservationId}` });
  }
}
