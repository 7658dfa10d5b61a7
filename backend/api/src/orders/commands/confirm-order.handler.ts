import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { answeringApiErrors, SettleReservationCommand, StreamDecider } from '../../inventory';
import { ConfirmOrderCommand } from './confirm-order.command';
import { decideOnOrder } from './decide-on-order';
import type { OrderCommandResult } from './order-command-result';

@CommandHandler(ConfirmOrderCommand)
export class ConfirmOrderHandler implements ICommandHandler<ConfirmOrderCommand> {
  constructor(
    private readonly decider: StreamDecider,
    private readonly commands: CommandBus,
  ) {}

  async execute({ orderId, context }: ConfirmOrderCommand): Promise<OrderCommandResult> {
    // The order's event and the card events it causes name the order as their cause (docs/events.md).
    const caused = { ...context, causationId: orderId };
    const result = await answeringApiErrors(() =>
      decideOnOrder(this.decider, orderId, { type: 'ConfirmOrder', data: { at: new Date() } }, caused),
    );
    // Even when the order stream had already moved (a retry), every line is settled again: that finishes
    // an attempt that crashed halfway, and the card streams make a second one a no-op.
    const lines = await Promise.all(
      result.order.items.map((item) => this.commands.execute(new SettleReservationCommand(item.cardId, item.reservationId, caused))),
    );
    return { ...result, position: Math.max(result.position, ...lines.map((line) => line.position)) };
  }
}
