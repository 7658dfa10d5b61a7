import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

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

/** What a paged admin list answers besides its items. */
export interface PagedAnswer {
  /** The page asked for, even past the last one (which answers no items). */
  page: number;
  pageSize: number;
  total: number;
  /** ceil(total / pageSize); 0 when there is nothing at all. */
  totalPages: number;
}

/**
 * An admin list's page, kept in the URL (`?page=3`) so the back button walks through the pages. When
 * `filterKey` changes (a new search, another filter) the list starts again at page 1 and drops `?page=`;
 * until the URL has caught up the page is already 1, so no page of the new filter but the first is asked for.
 */
export function usePageInUrl(filterKey = '') {
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

/**
 * A page past the last (items removed meanwhile, an old link) answers no items but the real totals: the
 * list goes to the last page instead of saying there is nothing to show. True while it does, so the list
 * keeps its skeleton.
 */
export function useLastPageInstead(
  answer: (PagedAnswer & { items: number }) | undefined,
  asked: { page: number; placeholder: boolean },
  replacePage: (page: number) => void,
): boolean {
  const pastTheEnd = answer !== undefined && answer.items === 0 && answer.total > 0 && answer.page > answer.totalPages;
  const lastPage = answer?.totalPages ?? 1;
  const redirect = pastTheEnd && !asked.placeholder && answer.page === asked.page;
  useEffect(() => {
    if (redirect) replacePage(lastPage);
  }, [redirect, lastPage, replacePage]);
  return pastTheEnd;
}
