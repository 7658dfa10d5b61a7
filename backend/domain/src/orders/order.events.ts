import { z } from 'zod';
import { centsSchema } from '../money';
import type { DomainEvent, EventSchemas } from '../shared';

export function orderStreamName(orderId: string): string {
  return `order-${orderId}`;
}

const text = z.string().trim().min(1);
const at = z.iso.datetime({ offset: true });

/** A buyer as orders placed before sealing (OrderPlaced version 1) stored them. */
export const plainBuyerSchema = z.object({ userId: text, name: text, email: text, phone: text });

/**
 * A buyer since OrderPlaced version 2: name, e-mail and phone sealed with the customer's own key
 * (docs/decisions/0007-personal-data.md), so destroying the key erases them from every copy of the log.
 */
export const sealedBuyerSchema = z.object({ userId: text, sealed: text });

/** Version 2 reads both: a version 1 event is upcast with its buyer as it was stored. */
export const orderBuyerSchema = z.union([sealedBuyerSchema, plainBuyerSchema]);

export const orderItemSchema = z.object({
  cardId: text,
  name: text,
  quantity: z.int().positive(),
  unitPrice: centsSchema,
  reservationId: text,
});

export const orderPlacedData = z.object({
  orderId: text,
  buyer: orderBuyerSchema,
  items: z.array(orderItemSchema).min(1),
  total: centsSchema,
  /** Where the payment proof image is stored (private to the buyer and admins). */
  proofKey: text,
  /** SHA-256 of the proof image, so a proof reused on another order can be flagged. */
  proofHash: text,
  at,
});

export const orderConfirmedData = z.object({ orderId: text, at });

export const orderCancelledData = z.object({ orderId: text, at });

/**
 * The reservation sweeper gave up on a checkout that never placed this order: written only on an empty
 * order stream, before the sweeper releases the reservations, so a late `PlaceOrder` is refused instead
 * of placing an order whose stock went back.
 */
export const orderAbandonedData = z.object({ orderId: text, at });

export type PlainBuyer = z.infer<typeof plainBuyerSchema>;
export type SealedBuyer = z.infer<typeof sealedBuyerSchema>;
export type OrderBuyer = z.infer<typeof orderBuyerSchema>;
export type OrderItem = z.infer<typeof orderItemSchema>;
export type OrderPlacedData = z.infer<typeof orderPlacedData>;
export type OrderConfirmedData = z.infer<typeof orderConfirmedData>;
export type OrderCancelledData = z.infer<typeof orderCancelledData>;
export type OrderAbandonedData = z.infer<typeof orderAbandonedData>;

export type OrderPlaced = DomainEvent<'OrderPlaced', 2, OrderPlacedData>;
export type OrderConfirmed = DomainEvent<'OrderConfirmed', 1, OrderConfirmedData>;
export type OrderCancelled = DomainEvent<'OrderCancelled', 1, OrderCancelledData>;

export type OrderAbandoned = DomainEvent<'OrderAbandoned', 1, OrderAbandonedData>;

export type OrderEvent = OrderPlaced | OrderConfirmed | OrderCancelled | OrderAbandoned;

export const orderEventSchemas: EventSchemas<OrderEvent> = {
  OrderPlaced: { version: 2, schema: orderPlacedData },
  OrderConfirmed: { version: 1, schema: orderConfirmedData },
  OrderCancelled: { version: 1, schema: orderCancelledData },
  OrderAbandoned: { version: 1, schema: orderAbandonedData },
};
