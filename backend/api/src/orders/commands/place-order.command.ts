import { Command } from '@nestjs/cqrs';
import type { OrderItem, SealedBuyer } from '@tcg/domain';
import type { CommandContext } from '../../inventory';
import type { OrderCommandResult } from './order-command-result';

/**
 * `OrderPlaced`, sent by the checkout once every line is reserved. Re-sending the same order (same
 * reservations) is a no-op; placing another order under a used id is refused.
 */
export class PlaceOrderCommand extends Command<OrderCommandResult> {
  constructor(
    readonly orderId: string,
    readonly buyer: SealedBuyer,
    readonly items: OrderItem[],
    readonly total: number,
    readonly proofKey: string,
    readonly proofHash: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
