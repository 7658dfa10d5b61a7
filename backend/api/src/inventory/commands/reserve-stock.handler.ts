import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CardState } from '@tcg/domain';
import { StreamDecider } from '../streams';
import type { CardCommandResult } from './card-command-result';
import { assertCurrentPrice } from './current-price';
import { decideOnCard } from './decide-on-card';
import { ReserveStockCommand } from './reserve-stock.command';

@CommandHandler(ReserveStockCommand)
export class ReserveStockHandler implements ICommandHandler<ReserveStockCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute(command: ReserveStockCommand): Promise<CardCommandResult> {
    const { cardId, reservationId, orderId, quantity, context, expectedUnitPrice } = command;
    const reserve = { type: 'ReserveStock', data: { reservationId, orderId, quantity, at: new Date() } } as const;
    const guard = expectedUnitPrice === undefined ? undefined : (state: CardState) => assertCurrentPrice(state, cardId, expectedUnitPrice);
    // A reservation waits for no flush of its own: the order that follows it is appended immediately,
    // which makes it durable, and one lost in a crash had no order (docs/decisions/0003).
    return decideOnCard(this.decider, cardId, reserve, context, {
      idempotencyKey: `reserve:${reservationId}`,
      guard,
      durability: 'deferred',
    });
  }
}
