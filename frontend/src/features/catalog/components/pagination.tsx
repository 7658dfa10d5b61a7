import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { focusPageContent } from '@/components/layout/page-content';
import './pagination.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  /** The link to a page of the current view. */
  hrefFor: (page: number) => string;
  /**
   * Where the focus goes when the link used to change page is gone from the new row (it became the
   * current page's number, or an edge was reached), which drops the focus to <body>: by default the
   * page's content. A link still there keeps it, so Enter pages on.
   */
  onPage?: () => void;
}

/** Marks a page change started here; once the row shows the new page, a focus left on <body> goes to `onPage`. */
function useFocusAfterPaging(page: number, onPage: () => void): () => void {
  const paging = useRef(false);
  const focusTarget = useRef(onPage);
  focusTarget.current = onPage;
  useEffect(() => {
    if (!paging.current) return;
    paging.current = false;
    if (document.activeElement === null || document.activeElement === document.body) focusTarget.current();
  }, [page]);
  return () => {
    paging.current = true;
  };
}

/** Spec §9: search pagination shows 2 pages either side of the current one. */
export const SEARCH_PAGINATION_PADDING = 2;

export function pageWindow(page: number, totalPages: number, padding = SEARCH_PAGINATION_PADDING): number[] {
  const first = Math.max(1, page - padding);
  const last = Math.min(totalPages, page + padding);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * Numbered pages for search results; nothing at all for a single page. The first and last links
 * are hidden on small screens, where the row would otherwise wrap (spec §2).
 */
export function Pagination({ page, totalPages, hrefFor, onPage = focusPageContent }: PaginationProps) {
  const paged = useFocusAfterPaging(page, onPage);
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav className="pagination" aria-label="Paginación">
      {page > 1 && (
        <Link className="pagination__link pagination__edge" onClick={paged} to={hrefFor(1)} aria-label="Primera página">
          «
        </Link>
      )}
      {page > 1 && (
        <Link className="pagination__link" onClick={paged} to={hrefFor(page - 1)} aria-label="Página anterior">
          ‹
        </Link>
      )}
      {pages.map((number) =>
        number === page ? (
          <span key={number} className="pagination__link pagination__current" aria-current="page">
            {number}
          </span>
        ) : (
          <Link key={number} className="pagination__link" onClick={paged} to={hrefFor(number)} aria-label={`Página ${number}`}>
            {number}
          </Link>
        ),
      )}
      {page < totalPages && (
        <Link className="pagination__link" onClick={paged} to={hrefFor(page + 1)} aria-label="Página siguiente">
          ›
        </Link>
      )}
      {page < totalPages && (
        <Link className="pagination__link pagination__edge" onClick={paged} to={hrefFor(totalPages)} aria-label="Última página">
          »
        </Link>
      )}
    </nav>
  );
}

/** The set screen's previous/next pagination (spec §2). */
export function SimplePagination({ page, totalPages, hrefFor, onPage = focusPageContent }: PaginationProps) {
  const paged = useFocusAfterPaging(page, onPage);
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination pagination--simple" aria-label="Paginación">
      {page > 1 ? (
        <Link className="pagination__step" onClick={paged} to={hrefFor(page - 1)}>
          ‹ Anterior
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          ‹ Anterior
        </span>
      )}
      <span className="pagination__status">
        Página {page} de {totalPages}
      </span>
      {page < totalPages ? (
        <Link className="pagination__step" onClick={paged} to={hrefFor(page + 1)}>
          Siguiente ›
        </Link>
      ) : (
        <span className="pagination__step pagination__step--disabled" aria-hidden="true">
          Siguiente ›
        </span>
      )}
    </nav>
  );
}
