import { assertNever } from '../shared';
import type { OrderEvent, OrderPlacedData } from './order.events';

/** Spec §4 order statuses, spelled as the spec and the stored data spell them. */
export const orderStatuses = ['pendiente_confirmación_pago', 'confirmado', 'anulado'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export type PlacedOrder = Omit<OrderPlacedData, 'at'> & { placedAt: string };

export interface NoOrder {
  status: 'none';
}

export interface PendingOrder {
  status: 'pendiente_confirmación_pago';
  order: PlacedOrder;
}

export interface ConfirmedOrder {
  status: 'confirmado';
  order: PlacedOrder;
  confirmedAt: string;
}

export interface CancelledOrder {
  status: 'anulado';
  order: PlacedOrder;
  cancelledAt: string;
}

/** Never placed: the sweeper released its reservations, and the order id can no longer be used. */
export interface AbandonedOrder {
  status: 'abandoned';
  orderId: string;
  abandonedAt: string;
}

export type OrderState = NoOrder | PendingOrder | ConfirmedOrder | CancelledOrder | AbandonedOrder;

export function initialOrderState(): OrderState {
  return { status: 'none' };
}

/** Transitions the decider never emits (a second placing, a confirm after a cancel) change nothing. */
export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'OrderPlaced': {
      if (state.status !== 'none') return state;
      const { at, ...order } = event.data;
      return { status: 'pendiente_confirmación_pago', order: { ...order, placedAt: at } };
    }
    case 'OrderConfirmed':
      if (state.status !== 'pendiente_confirmación_pago') return state;
      return { status: 'confirmado', order: state.order, confirmedAt: event.data.at };
    case 'OrderCancelled':
      if (state.status !== 'pendiente_confirmación_pago') return state;
      return { status: 'anulado', order: state.order, cancelledAt: event.data.at };
    case 'OrderAbandoned':
      if (state.status !== 'none') return state;
      return { status: 'abandoned', orderId: event.data.orderId, abandonedAt: event.data.at };
    default:
      return assertNever(event);
  }
}
