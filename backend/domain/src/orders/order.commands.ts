import type { Command } from '../shared';
import type { OrderItem, SealedBuyer } from './order.events';

/**
 * Sent after every line has been reserved on its card stream; `total` is checked against the
 * lines, never trusted.
 */
export type PlaceOrder = Command<
  'PlaceOrder',
  {
    orderId: string;
    /** Sealed before it reaches the decider: the log never holds a new buyer's name, e-mail or phone. */
    buyer: SealedBuyer;
    items: OrderItem[];
    total: number;
    proofKey: string;
    proofHash: string;
    at: Date;
  }
>;

/** Admin confirm: the handler then settles every line's reservation (`venta`). */
export type ConfirmOrder = Command<'ConfirmOrder', { at: Date }>;

/** Admin cancel: the handler then releases every line's reservation (`anulacion`). */
export type CancelOrder = Command<'CancelOrder', { at: Date }>;

/**
 * The sweeper, before releasing the reservations of a checkout that never placed its order: abandons
 * the order id if nothing was placed under it, and otherwise changes nothing.
 */
export type AbandonOrder = Command<'AbandonOrder', { orderId: string; at: Date }>;

export type OrderCommand = PlaceOrder | ConfirmOrder | CancelOrder | AbandonOrder;
