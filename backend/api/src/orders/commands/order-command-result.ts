import type { OrderStatus, PlacedOrder } from '@tcg/domain';

/** Every order command answers with the position it wrote last (card settlements included). */
export interface OrderCommandResult {
  orderId: string;
  status: OrderStatus;
  position: number;
  /** False when the order stream already said so (a retry). */
  changed: boolean;
  order: PlacedOrder;
}
