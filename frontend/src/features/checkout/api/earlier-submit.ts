import { api } from '@/lib/api-client';

/** An order a submit under the key placed: GET /api/checkout/{key}. */
export interface EarlierOrder {
  orderId: string;
  position: number;
  items: { cardId: string; quantity: number }[];
  /** `anulado` when the admin has cancelled it since: its units went back to the stock. */
  status: string;
}

export function findEarlierOrder(key: string, signal: AbortSignal): Promise<EarlierOrder> {
  return api.get<EarlierOrder>(`/api/checkout/${encodeURIComponent(key)}`, { signal });
}
