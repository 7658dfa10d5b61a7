import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { decideOnCard } from './decide-on-card';
import { ReleaseReservationCommand } from './release-reservation.command';

@CommandHandler(ReleaseReservationCommand)
export class ReleaseReservationHandler implements ICommandHandler<ReleaseReservationCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute({ cardId, reservationId, context }: ReleaseReservationCommand): Promise<CardCommandResult> {
    const command = { type: 'ReleaseReservation', data: { reservationId, at: new Date() } } as const;
    return decideOnCard(this.decider, cardId, command, context, { idempotencyKey: `release:${reservationId}` });
  }
}
