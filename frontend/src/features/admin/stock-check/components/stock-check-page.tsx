import { useCallback, useEffect, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Pagination } from '@/features/catalog/components/pagination';
import { useLastPageInstead, usePageInUrl } from '../../page-in-url';
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

/** Spec §2 Admin stock audit: name search, 'Solo con diferencia', movements and 'Agregar Stock'. */
export function StockCheckPage() {
  const [search, setSearch] = useState('');
  const [onlyDiff, setOnlyDiff] = useState(false);
  const [adding, setAdding] = useState<StockCheckRow | null>(null);
  const q = useDebounced(search);
  const { page, hrefFor, replacePage } = usePageInUrl(JSON.stringify([q.trim(), onlyDiff]));
  const audit = useStockCheck({ q, onlyDiff, page });
  const closeDialog = useCallback(() => setAdding(null), []);
  const answer = audit.data && { ...audit.data, items: audit.data.cards.length };
  const pastTheEnd = useLastPageInstead(answer, { page, placeholder: audit.isPlaceholderData }, replacePage);

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
