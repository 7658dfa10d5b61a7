import type { CardSummary, SearchResponse } from '@tcg/domain';
import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { activeFilterCount, type CatalogFilters } from '../filters/catalog-filters.state';
import type { CatalogUrlState } from '../filters/use-catalog-url-state';
import { CardGrid, CardGridSkeleton } from './card-grid';
import { CatalogFiltersPanel } from './catalog-filters-panel';
import { FilterSheet } from './filter-sheet';
import { Pagination, SimplePagination } from './pagination';
import './catalog-browser.css';

/** How the list asks for the cards under some filters (its search text or set fixed). */
export type CatalogQuery = (filters: CatalogFilters) => UseQueryOptions<SearchResponse, Error, SearchResponse, (string | CatalogFilters)[]>;

/** The values the list can be narrowed to change when the catalogue does: a few times a day. */
const OPTIONS_STALE_MS = 5 * 60_000;

interface CatalogBrowserProps {
  results: UseQueryResult<SearchResponse>;
  /** The same list under other filters: the sheet's draft counts. */
  queryFor: CatalogQuery;
  /** The whole scope with no filters: the values to offer (spec §7's initial facet request). */
  optionsQuery: ReturnType<CatalogQuery>;
  urlState: CatalogUrlState;
  emptyText: string;
  pagination: 'numbered' | 'simple';
  onAddToCart: (card: CardSummary) => void;
}

/**
 * A filterable card list: the filter sidebar on wide screens, a compact bar opening the bottom sheet
 * on phones, the grid, and pagination. The set and search screens differ only in what they pass.
 */
export function CatalogBrowser({ results, queryFor, optionsQuery, urlState, emptyText, pagination, onAddToCart }: CatalogBrowserProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  const { filters, changeFilters, clearAll, pageHref, replacePage } = urlState;
  const { data, error, isPending, isPlaceholderData, refetch } = results;
  const options = useQuery({ ...optionsQuery, staleTime: OPTIONS_STALE_MS }).data?.facets;
  const count = activeFilterCount(filters);
  // A link to a page past the last one (an old bookmark, a catalogue that shrank) shows the last page.
  // Judged on this view's own answer, never on the previous view's still on screen.
  const settled = data !== undefined && !isPending && !isPlaceholderData;
  const lastPage = settled && data.total > 0 && filters.page > data.totalPages ? data.totalPages : null;
  useEffect(() => {
    if (lastPage !== null) replacePage(lastPage);
  }, [lastPage, replacePage]);
  const loading = isPending || isPlaceholderData || lastPage !== null;
  const announcement = useFreshAnnouncement(data && !loading ? (data.hits.length === 0 ? emptyText : totalText(data.total)) : '', JSON.stringify(filters));
  const Pager = pagination === 'numbered' ? Pagination : SimplePagination;

  const applySheet = ({ page: _page, ...chosen }: CatalogFilters) => {
    changeFilters(chosen);
    setSheetOpen(false);
  };

  return (
    <div className="catalog">
      <aside className="catalog__sidebar" aria-label="Filtros">
        <CatalogFiltersPanel filters={filters} facets={data?.facets} options={options} onChange={changeFilters} onClearAll={clearAll} />
      </aside>
      <div className="catalog__main">
        <div className="catalog__bar">
          <button
            type="button"
            className="catalog__filters-button"
            aria-haspopup="dialog"
            aria-label={count > 0 ? `Filtros, ${count} ${count === 1 ? 'activo' : 'activos'}` : undefined}
            onClick={() => setSheetOpen(true)}
          >
            Filtros{count > 0 && <span className="catalog__filters-count">{count}</span>}
          </button>
          {data && !loading && (
            <p className="catalog__total" aria-hidden="true">
              {totalText(data.total)}
            </p>
          )}
        </div>
        {/* For the eye: a screen reader hears the live region's, once. */}
        {data && !loading && (
          <p className="catalog__total catalog__total--wide" aria-hidden="true">
            {totalText(data.total)}
          </p>
        )}
        {/* Said once the list settles, so a filter, sort or page change is heard where the focus stays (on the control). */}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {/* The page's h1 names the set or the search; each card's name is an h3 under this. */}
        <h2 className="visually-hidden" ref={resultsHeading} tabIndex={-1}>
          Resultados
        </h2>
        {error && !data ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : loading || !data ? (
          <CardGridSkeleton />
        ) : data.hits.length === 0 ? (
          <p className="catalog__empty">{emptyText}</p>
        ) : (
          <CardGrid cards={data.hits} onAddToCart={onAddToCart} />
        )}
        {/* Kept while the next page loads (at the page asked for): the link just used keeps the focus, which it would lose with the pager gone. */}
        {data && (!loading || isPlaceholderData) && (
          <Pager
            page={loading ? filters.page : data.page}
            totalPages={data.totalPages}
            hrefFor={pageHref}
            onPage={() => resultsHeading.current?.focus({ preventScroll: true })}
          />
        )}
      </div>
      {sheetOpen && (
        <FilterSheet filters={filters} facets={data?.facets} options={options} queryFor={queryFor} onApply={applySheet} onClose={closeSheet} />
      )}
    </div>
  );
}

/** How long a live region stays empty before it is given words again: long enough for a screen reader to take the new words as news. */
const ANNOUNCE_GAP_MS = 150;

/**
 * `text` for a polite live region, said again after each change of `view` (a filter, sort or page) even
 * when the words are the same (a cached page with the same count): the region is emptied first.
 */
function useFreshAnnouncement(text: string, view: string): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    setSaid('');
    if (!text) return;
    const timer = setTimeout(() => setSaid(text), ANNOUNCE_GAP_MS);
    return () => clearTimeout(timer);
  }, [text, view]);
  return said;
}

function totalText(total: number): string {
  return total === 1 ? '1 carta' : `${total} cartas`;
}
