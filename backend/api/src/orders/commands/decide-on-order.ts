import {
  DomainError,
  type OrderCommand,
  type OrderEvent,
  type OrderState,
  decideOrder,
  orderStreamName,
} from '@tcg/domain';
import { type CommandContext, deterministicUuid, orderStream, StreamDecider } from '../../inventory';
import type { OrderCommandResult } from './order-command-result';

/**
 * One order command on `order-{orderId}`. Each order event type happens at most once per order,
 * so its id derives from the order id and a re-sent command appends nothing.
 */
export async function decideOnOrder(
  decider: StreamDecider,
  orderId: string,
  command: OrderCommand,
  context: CommandContext,
  decide: (state: OrderState) => OrderEvent[] = (state) => decideOrder(command, state),
): Promise<OrderCommandResult> {
  const result = await decider.decide<OrderEvent, OrderState>(orderStream, {
    streamId: orderStreamName(orderId),
    context,
    decide,
    eventId: (event) => deterministicUuid(`${event.type}:${orderId}`),
  });
  const { state } = result;
  if (state.status === 'none' || state.status === 'abandoned') throw DomainError.of('order_not_found', { orderId });
  return {
    orderId,
    status: state.status,
    position: result.position,
    changed: result.events.length > 0,
    order: state.order,
  };
}
