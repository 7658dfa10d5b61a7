import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideOrder, type OrderState, type PlaceOrder } from '@tcg/domain';
import { answeringApiErrors, StreamDecider } from '../../inventory';
import { decideOnOrder } from './decide-on-order';
import type { OrderCommandResult } from './order-command-result';
import { PlaceOrderCommand } from './place-order.command';

@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  constructor(private readonly decider: StreamDecider) {}

  execute(command: PlaceOrderCommand): Promise<OrderCommandResult> {
    const { orderId, buyer, items, total, proofKey, proofHash, context } = command;
    const place: PlaceOrder = {
      type: 'PlaceOrder',
      data: { orderId, buyer, items, total, proofKey, proofHash, at: new Date() },
    };
    return answeringApiErrors(() =>
      decideOnOrder(this.decider, orderId, place, context, (state) =>
        alreadyPlaced(state, place) ? [] : decideOrder(place, state),
      ),
    );
  }
}

function alreadyPlaced(state: OrderState, place: PlaceOrder): boolean {
  if (state.status === 'none' || state.status === 'abandoned') return false;
  const placed = state.order.items.map((item) => item.reservationId).join();
  return placed === place.data.items.map((item) => item.reservationId).join();
}
