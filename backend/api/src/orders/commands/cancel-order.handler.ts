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
    const result = await answeringApiErrors(() =>
      decideOnOrder(this.decider, orderId, { type: 'CancelOrder', data: { at: new Date() } }, context),
    );
    // Even when the order stream had already moved (a retry), every line is released again: that finishes
    // an attempt that crashed halfway, and the card streams make a second one a no-op.
    const lineContext = { ...context, causationId: orderId };
    const lines = await Promise.all(
      result.order.items.map((item) => this.commands.execute(new ReleaseReservationCommand(item.cardId, item.reservationId, lineContext))),
    );
    return { ...result, position: Math.max(result.position, ...lines.map((line) => line.position)) };
  }
}
