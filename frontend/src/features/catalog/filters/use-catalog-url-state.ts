import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { emptyFilters, readFilters, writeFilters, type CatalogFilters } from './catalog-filters.state';

export interface CatalogUrlState {
  filters: CatalogFilters;
  /** Any change of what is shown starts again at page 1 (spec §2). */
  changeFilters: (patch: Partial<Omit<CatalogFilters, 'page'>>) => void;
  /** Back to sort A-Z with no filters (spec §2). */
  clearAll: () => void;
  /** The link to `page` of the current view, for pagination links. */
  pageHref: (page: number) => string;
  /** Shows `page` instead of the current one, without a history entry (a page past the last one). */
  replacePage: (page: number) => void;
}

export function useCatalogUrlState(): CatalogUrlState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);

  // Each change is a history entry, so the back button undoes it; ticking a box keeps the scroll.
  const pushFilters = useCallback(
    (next: CatalogFilters) => setParams((current) => writeFilters(current, next), { preventScrollReset: true }),
    [setParams],
  );

  const replacePage = useCallback(
    (page: number) => setParams((current) => writeFilters(current, { ...filters, page }), { replace: true }),
    [filters, setParams],
  );

  return {
    filters,
    changeFilters: (patch) => pushFilters({ ...filters, ...patch, page: 1 }),
    clearAll: () => pushFilters(emptyFilters),
    pageHref: (page) => `?${writeFilters(params, { ...filters, page }).toString()}`,
    replacePage,
  };
}
