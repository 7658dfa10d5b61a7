import type { CheckoutRequest } from '@tcg/domain';
import { messages } from '@tcg/domain';
import { postToApi } from './post-to-api';

export interface PlacedOrder {
  orderId: string;
  /** Where the order was written; the history waits for its read model to get there. */
  position: number;
}

/** POST /api/checkout. A resend with the same key answers the first order instead of placing another. */
export function placeOrder(request: CheckoutRequest, idempotencyKey: string): Promise<PlacedOrder> {
  return postToApi<PlacedOrder>(
    '/api/checkout',
    { body: JSON.stringify(request), headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey } },
    messages.checkout.confirmFailed,
    messages.checkout.confirmOffline,
  );
}
