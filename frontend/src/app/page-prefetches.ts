import { searchText } from '@tcg/domain';
import { getCardQueryOptions } from '@/features/catalog/api/get-card';
import { getSetQueryOptions } from '@/features/catalog/api/get-set';
import { getSetCardsQueryOptions } from '@/features/catalog/api/get-set-cards';
import { searchCardsQueryOptions } from '@/features/catalog/api/search-cards';
import { readFilters } from '@/features/catalog/filters/catalog-filters.state';
import { getHomeQueryOptions } from '@/features/home/api/get-home';
import type { PagePrefetch } from './prefetching-page';

/** The storefront's landing pages: what each asks for first, read from the URL as the page reads it. */
export const prefetchHome: PagePrefetch = (client) => void client.prefetchQuery(getHomeQueryOptions());

export const prefetchSet: PagePrefetch = (client, { set = '' }, search) => {
  void client.prefetchQuery(getSetQueryOptions(set));
  void client.prefetchQuery(getSetCardsQueryOptions(set, readFilters(search)));
};

export const prefetchSearch: PagePrefetch = (client, _params, search) =>
  void client.prefetchQuery(searchCardsQueryOptions(searchText(search.get('q') ?? ''), readFilters(search)));

export const prefetchProduct: PagePrefetch = (client, { id = '' }) => void client.prefetchQuery(getCardQueryOptions(id));
