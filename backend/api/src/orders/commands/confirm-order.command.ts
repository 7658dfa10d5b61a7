import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../inventory';
import type { OrderCommandResult } from './order-command-result';

/** Admin confirm: `OrderConfirmed`, then every line settled with a `venta`. A second one answers with the current state. */
export class ConfirmOrderCommand extends Command<OrderCommandResult> {
  constructor(
    readonly orderId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
