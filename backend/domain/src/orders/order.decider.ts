import type { Decider } from '../shared';
import type { OrderCommand } from './order.commands';
import { decideOrder } from './order.decide';
import type { OrderEvent } from './order.events';
import { evolveOrder, initialOrderState, type OrderState } from './order.evolve';

/** The order stream's decider (`order-{orderId}`), for command handlers and tests. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrderState,
};
