import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withOwnWrites } from '@/lib/own-writes';
import type { PagedAnswer } from '../../page-in-url';

export interface StockCheckRow {
  id: string;
  name: string;
  set: string;
  setCode: string;
  rarity: string;
  edition: string;
  language: string;
  /** The stored stock (read model). */
  recorded: number;
  /** Replayed from the card's movements. */
  computed: number;
  /** recorded − computed. */
  difference: number;
}

/** One page of the audit: `total` counts the matching cards (after 'Solo con diferencia'). */
export interface StockCheckResponse extends PagedAnswer {
  cards: StockCheckRow[];
}

export interface StockCheckFilter {
  q: string;
  onlyDiff: boolean;
  /** From 1. */
  page: number;
}

export const stockCheckQueryKey = ['admin', 'stock-check'] as const;

/**
 * Page 1 sends no `page`, so its URLs are those of the unpaginated audit. After this tab's confirm, cancel
 * or ingreso the audit waits for it (`position`), so the stock it moved shows on the page opened next.
 */
export function stockCheckUrl({ q, onlyDiff, page }: StockCheckFilter): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (onlyDiff) params.set('onlyDiff', 'true');
  if (page > 1) params.set('page', String(page));
  const query = withOwnWrites(params.toString());
  return `/api/admin/stock-check${query ? `?${query}` : ''}`;
}

export const stockCheckQueryOptions = (filter: StockCheckFilter) =>
  queryOptions({
    queryKey: [...stockCheckQueryKey, filter],
    queryFn: ({ signal }) => api.get<StockCheckResponse>(stockCheckUrl(filter), { signal }),
    // An audit is only worth what it says now.
    staleTime: 0,
    // While a new search or page loads, the table keeps the last answer instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });

export const useStockCheck = (filter: StockCheckFilter) => useQuery(stockCheckQueryOptions(filter));
