import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type CommandContext, ReleaseReservationCommand } from '../inventory';
import { ApiError } from '../web/api-exception.filter';
import type { PlannedReservation } from './reservation-attempts.store';

const neverMade = new Set(['reservation_not_found', 'card_not_listed']);

/**
 * Undoes planned reservations with an `anulacion` each. A reservation that was never made is fine
 * (the attempt stopped before it); returns false when some could not be undone, so the attempt stays
 * open for the sweeper.
 */
@Injectable()
export class ReservationReleaser {
  constructor(private readonly commands: CommandBus) {}

  async release(reservations: PlannedReservation[], context: CommandContext): Promise<boolean> {
    const outcomes = await Promise.allSettled(
      reservations.map((reservation) =>
        this.commands.execute(new ReleaseReservationCommand(reservation.cardId, reservation.reservationId, context)),
      ),
    );
    return outcomes.every(
      (outcome) =>
        outcome.status === 'fulfilled' ||
        (outcome.reason instanceof ApiError && neverMade.has(outcome.reason.code)),
    );
  }
}
