import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { answeringApiErrors, ReleaseReservationCommand, StreamDecider } from '../../inventory';
import { CancelOrderCommand } from './cancel-order.command';
import { decideOnOrder } from './decide-on-order';
import type { OrderCommandResult } from './order-command-result';

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand> {
  constructor(
    private readonly decider: StreamDecider,
    private readonly commands: CommandBus,
  ) {}

  async execute({ orderId, context }: CancelOrderCommand): Promise<OrderCommandResult> {
    // The order's event and the card events it causes name the order as their cause (docs/events.md).
    const caused = { ...context, causationId: orderId };
    const result = await answeringApiErrors(() =>
      decideOnOrder(this.decider, orderId, { type: 'CancelOrder', data: { at: new Date() } }, caused),
    );
    // Even when the order stream had already moved (a retry), every line is released again: that finishes
    // an attempt that crashed halfway, and the card streams make a second one a no-op.
    const lines = await Promise.all(
      result.order.items.map((item) => this.commands.execute(new ReleaseReservationCommand(item.cardId, item.reservationId, caused))),
    );
    return { ...result, position: Math.max(result.position, ...lines.map((line) => line.position)) };
  }
}
