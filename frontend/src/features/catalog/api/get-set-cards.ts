import type { SearchResponse } from '@tcg/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withOwnWrites } from '@/lib/own-writes';
import { searchQueryString, type CatalogFilters } from '../filters/catalog-filters.state';

export function getSetCards(setId: string, filters: CatalogFilters, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<SearchResponse>(`/api/sets/${encodeURIComponent(setId)}/cards?${withOwnWrites(searchQueryString(filters))}`, {
    signal,
  });
}

export const getSetCardsQueryOptions = (setId: string, filters: CatalogFilters) =>
  queryOptions({
    queryKey: ['sets', setId, 'cards', filters],
    queryFn: ({ signal }) => getSetCards(setId, filters, { signal }),
    // The facets of the last answer keep the sidebar in place while the next page loads.
    placeholderData: keepPreviousData,
  });

export const useSetCards = (setId: string, filters: CatalogFilters, enabled = true) =>
  useQuery({ ...getSetCardsQueryOptions(setId, filters), enabled });
