import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

export interface StockCheckResponse {
  cards: StockCheckRow[];
}

export interface StockCheckFilter {
  q: string;
  onlyDiff: boolean;
}

export const stockCheckQueryKey = ['admin', 'stock-check'] as const;

export function stockCheckUrl({ q, onlyDiff }: StockCheckFilter): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (onlyDiff) params.set('onlyDiff', 'true');
  const query = params.toString();
  return `/api/admin/stock-check${query ? `?${query}` : ''}`;
}

export const stockCheckQueryOptions = (filter: StockCheckFilter) =>
  queryOptions({
    queryKey: [...stockCheckQueryKey, filter],
    queryFn: ({ signal }) => api.get<StockCheckResponse>(stockCheckUrl(filter), { signal }),
    // An audit is only worth what it says now.
    staleTime: 0,
    // While a new search runs, the table keeps the last answer instead of blinking to a skeleton.
    placeholderData: keepPreviousData,
  });

export const useStockCheck = (filter: StockCheckFilter) => useQuery(stockCheckQueryOptions(filter));
