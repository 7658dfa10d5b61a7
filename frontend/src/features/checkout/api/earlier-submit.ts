import { api } from '@/lib/api-client';

/** An order a submit under the key placed: GET /api/checkout/{key}. */
export interface EarlierOrder {
  orderId: string;
  position: number;
  items: { cardId: string; quantity: number }[];
}

export function findEarlierOrder(key: string, signal: AbortSignal): Promise<EarlierOrder> {
  return api.get<EarlierOrder>(`/api/checkout/${encodeURIComponent(key)}`, { signal });
}
