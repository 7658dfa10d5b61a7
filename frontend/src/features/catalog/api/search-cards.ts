import type { SearchResponse } from '@tcg/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withOwnWrites } from '@/lib/own-writes';
import { searchQueryString, type CatalogFilters } from '../filters/catalog-filters.state';

export function searchCards(q: string, filters: CatalogFilters, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<SearchResponse>(`/api/search?${withOwnWrites(searchQueryString(filters, q))}`, { signal });
}

export const searchCardsQueryOptions = (q: string, filters: CatalogFilters) =>
  queryOptions({
    queryKey: ['search', q, filters],
    queryFn: ({ signal }) => searchCards(q, filters, { signal }),
    // The facets of the last answer keep the sidebar in place while the next page loads.
    placeholderData: keepPreviousData,
  });

export const useSearchCards = (q: string, filters: CatalogFilters) => useQuery(searchCardsQueryOptions(q, filters));
