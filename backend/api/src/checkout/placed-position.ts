import { orderStreamName } from '@tcg/domain';
import type { EventStore } from '@tcg/projections';
import type { StreamSnapshot } from '../inventory';

/** Where an order's `OrderPlaced` was written: the stream's only event unless the order moved on since. */
export async function placedPosition(store: EventStore, orderId: string, order: StreamSnapshot<unknown>): Promise<number> {
  if (order.revision === 0) return order.position;
  return (await store.readStream(orderStreamName(orderId), 0))[0].position;
}
