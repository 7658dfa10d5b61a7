import type { SearchResponse } from '@tcg/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useModalFocus } from '@/components/ui/use-modal-focus';
import { emptyFilters, type CatalogFilters } from '../filters/catalog-filters.state';
import type { CatalogQuery } from './catalog-browser';
import { CatalogFiltersPanel } from './catalog-filters-panel';
import './filter-sheet.css';

interface FilterSheetProps {
  filters: CatalogFilters;
  facets: SearchResponse['facets'] | undefined;
  options: SearchResponse['facets'] | undefined;
  queryFor: CatalogQuery;
  onApply: (filters: CatalogFilters) => void;
  onClose: () => void;
}

/**
 * The phone's filter panel, a bottom sheet (spec §2: titled 'Filtros', with 'Limpiar todo' and
 * 'Aplicar'). Ticks are a draft until 'Aplicar', so a shopper can set several at once without the
 * grid reloading under the sheet at each tap.
 */
export function FilterSheet({ filters, facets, options, queryFor, onApply, onClose }: FilterSheetProps) {
  const [draft, setDraft] = useState(filters);
  // The counts follow the ticks: each shows what 'Aplicar' would list (the page behind keeps its own).
  const drafted = useQuery({ ...queryFor({ ...draft, page: 1 }), placeholderData: keepPreviousData });
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalFocus(panel);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind must not scroll while the sheet has the screen.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  return (
    <div className="filter-sheet">
      <div className="filter-sheet__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        className="filter-sheet__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="filter-sheet__header">
          <h2 id={titleId} className="filter-sheet__title">
            Filtros
          </h2>
          <button type="button" className="filter-sheet__close" aria-label="Cerrar filtros" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="filter-sheet__body">
          <CatalogFiltersPanel
            filters={draft}
            facets={drafted.data?.facets ?? facets}
            options={options}
            onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
          />
        </div>
        <footer className="filter-sheet__footer">
          <button type="button" className="btn btn--secondary" onClick={() => setDraft(emptyFilters)}>
            Limpiar todo
          </button>
          <button type="button" className="btn btn--primary" onClick={() => onApply({ ...draft, page: 1 })}>
            Aplicar
          </button>
        </footer>
      </div>
    </div>
  );
}
