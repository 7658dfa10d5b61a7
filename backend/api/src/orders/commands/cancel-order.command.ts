import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../inventory';
import type { OrderCommandResult } from './order-command-result';

/** Admin cancel: `OrderCancelled`, then every line released with an `anulacion` (the stock comes back). A second one answers with the current state. */
export class CancelOrderCommand extends Command<OrderCommandResult> {
  constructor(
    readonly orderId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
