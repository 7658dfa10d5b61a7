import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Pagination } from '@/features/catalog/components/pagination';
import { type StockCheckRow, useStockCheck } from '../api/get-stock-check';
import { AddStockDialog } from './add-stock-dialog';
import { StockCheckTable } from './stock-check-table';
import './stock-check.css';

const SEARCH_DEBOUNCE_MS = 250;

/** Waits for a pause in typing, so a search is not sent per keystroke. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

const PAGE_PARAM = 'page';

/** `?page=` as a whole number from 1; anything else is page 1. */
function readPage(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM) ?? '';
  const page = /^\d+$/.test(raw) ? Number(raw) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The same query string at `page`; page 1 has no `?page=`. */
function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next;
}

/**
 * The audit's page, kept in the URL (`?page=3`) so the back button walks through the pages. A new
 * search or 'Solo con diferencia' starts again at page 1 and drops `?page=`; until the URL has caught
 * up, the page is already 1, so no page of the new filter but the first is ever asked for.
 */
function useAuditPage(filterKey: string) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const urlPage = readPage(params);
  // The filter the URL's page was chosen under.
  const [pagedFilter, setPagedFilter] = useState(filterKey);
  if (pagedFilter !== filterKey && urlPage === 1) setPagedFilter(filterKey);
  const filterChanged = pagedFilter !== filterKey;

  useEffect(() => {
    if (filterChanged) setParams((current) => withPage(current, 1), { replace: true });
  }, [filterChanged, setParams]);

  const hrefFor = useCallback(
    (page: number) => {
      const query = withPage(params, page).toString();
      return `${pathname}${query ? `?${query}` : ''}`;
    },
    [params, pathname],
  );
  const replacePage = useCallback((page: number) => setParams((current) => withPage(current, page), { replace: true }), [setParams]);

  return { page: filterChanged ? 1 : urlPage, hrefFor, replacePage };
}

/** Spec §2 Admin stock audit: name search, 'Solo con diferencia', movements and 'Agregar Stock'. */
export function StockCheckPage() {
  const [search, setSearch] = useState('');
  const [onlyDiff, setOnlyDiff] = useState(false);
  const [adding, setAdding] = useState<StockCheckRow | null>(null);
  const q = useDebounced(search);
  const { page, hrefFor, replacePage } = useAuditPage(JSON.stringify([q.trim(), onlyDiff]));
  const audit = useStockCheck({ q, onlyDiff, page });
  const closeDialog = useCallback(() => setAdding(null), []);

  // A page past the last (cards removed meanwhile, an old link) answers no cards but the real totals:
  // it goes to the last page instead of saying there is nothing to show.
  const data = audit.data;
  const pastTheEnd = data !== undefined && data.cards.length === 0 && data.total > 0 && data.page > data.totalPages;
  const lastPage = data?.totalPages ?? 1;
  const redirect = pastTheEnd && !audit.isPlaceholderData && data.page === page;
  useEffect(() => {
    if (redirect) replacePage(lastPage);
  }, [redirect, lastPage, replacePage]);

  return (
    <>
      <div className="stock-check__filters">
        <label className="stock-check__search">
          <span className="visually-hidden">Buscar por nombre</span>
          <input
            type="search"
            placeholder="Buscar por nombre"
            aria-label="Buscar por nombre"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="stock-check__only-diff">
          <input type="checkbox" checked={onlyDiff} onChange={(event) => setOnlyDiff(event.target.checked)} />
          Solo con diferencia
        </label>
      </div>
      {audit.isPending || pastTheEnd ? (
        <div role="status" aria-busy="true" aria-label="Cargando auditoría">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height="2.5rem" className="stock-check__skeleton" />
          ))}
        </div>
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.cards.length === 0 ? (
        <p className="stock-check__empty">No hay cartas para mostrar.</p>
      ) : (
        <>
          <StockCheckTable rows={audit.data.cards} onAddStock={setAdding} />
          <Pagination page={audit.data.page} totalPages={audit.data.totalPages} hrefFor={hrefFor} />
        </>
      )}
      <AddStockDialog card={adding} onClose={closeDialog} />
    </>
  );
}
