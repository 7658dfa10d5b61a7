import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Pagination } from '@/features/catalog/components/pagination';
import { useDebounced } from '@/lib/use-debounced';
import { useLastPageInstead, usePageInUrl } from '../../page-in-url';
import { type StockCheckRow, useStockCheck } from '../api/get-stock-check';
import { AddStockDialog } from './add-stock-dialog';
import { StockCheckTable, addStockButton } from './stock-check-table';
import './stock-check.css';

/**
 * The search (once typing pauses) and 'Solo con diferencia' live in the URL (`?q=…&diff=1`), like the page:
 * a reload or a shared link shows the same audit, and back or a link brings the box along. The audit is
 * asked for what the URL says, and a change of either starts again at page 1 in the same navigation.
 */
function useAuditFilterInUrl() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const onlyDiff = params.get('diff') === '1';
  const [search, setSearch] = useState(q);
  const typed = useDebounced(search).trim();
  useEffect(() => setSearch((current) => (current.trim() === q ? current : q)), [q]);
  // React Router hands an updater the query string of the last render, so a search settling and a tick in
  // the same render would each drop the other's change: both build on what the other just wrote.
  const written = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    written.current = null;
  }, [params]);
  const write = useCallback(
    (name: string, value: string) => {
      written.current = filtered(written.current ?? params, name, value);
      setParams(written.current, { replace: true });
    },
    [params, setParams],
  );
  // Only a search that just settled is written; a URL that changed (back, a link) is followed above instead.
  const settled = useRef(typed);
  useEffect(() => {
    if (typed === settled.current) return;
    settled.current = typed;
    if (typed !== q) write('q', typed);
  }, [typed, q, write]);
  const setOnlyDiff = (checked: boolean) => write('diff', checked ? '1' : '');
  return { search, setSearch, q, onlyDiff, setOnlyDiff };
}

/** The query string with `name` set (or removed when blank), back at page 1. */
function filtered(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('page');
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

/** Spec §2 Admin stock audit: name search, 'Solo con diferencia', movements and 'Agregar Stock'. */
export function StockCheckPage() {
  const { search, setSearch, q, onlyDiff, setOnlyDiff } = useAuditFilterInUrl();
  const [adding, setAdding] = useState<StockCheckRow | null>(null);
  const { page, hrefFor, replacePage } = usePageInUrl(JSON.stringify([q, onlyDiff]));
  const audit = useStockCheck({ q, onlyDiff, page });
  const closeDialog = useCallback(() => setAdding(null), []);
  const table = useRef<HTMLTableElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  // The card the dialog was last opened for, still known once it has closed.
  const addedTo = useRef<string | null>(null);
  const openDialog = useCallback((row: StockCheckRow) => {
    addedTo.current = row.id;
    setAdding(row);
  }, []);
  // Where focus goes when the button that opened the dialog was replaced: the row's button as shown now,
  // else the table (the row left the audit), else the search (no table at all).
  const returnFocus = useCallback(() => {
    const shown = table.current;
    const button = shown && addedTo.current ? addStockButton(shown, addedTo.current) : null;
    return button ?? shown ?? searchBox.current;
  }, []);
  const answer = audit.data && { ...audit.data, items: audit.data.cards.length };
  const pastTheEnd = useLastPageInstead(answer, { page, placeholder: audit.isPlaceholderData }, replacePage);

  return (
    <>
      <div className="stock-check__filters">
        <label className="stock-check__search">
          <span className="visually-hidden">Buscar por nombre o código</span>
          <input
            ref={searchBox}
            type="search"
            placeholder="Buscar por nombre o código"
            aria-label="Buscar por nombre o código"
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
          <StockCheckTable ref={table} rows={audit.data.cards} onAddStock={openDialog} />
          <Pagination page={audit.data.page} totalPages={audit.data.totalPages} hrefFor={hrefFor} />
        </>
      )}
      <AddStockDialog card={adding} onClose={closeDialog} returnFocus={returnFocus} />
    </>
  );
}
