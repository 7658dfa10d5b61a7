import type { QueryClient } from '@tanstack/react-query';

/** The catalogue's cached answers: search, set pages (and the latest sets), product pages, the home page. */
const CATALOGUE_KEYS = [['search'], ['sets'], ['cards'], ['home']] as const;

/** Kept for the tab (sessionStorage), so a reload still reads its own writes. */
const NEWEST_WRITE_KEY = 'tcg:newestWrite';

/** This page's newest write, for when the tab's storage refuses (a private window's quota). */
let newestInPage = 0;

function newestWrite(): number {
  try {
    const stored = Number(window.sessionStorage.getItem(NEWEST_WRITE_KEY));
    return Number.isSafeInteger(stored) && stored > 0 ? stored : 0;
  } catch {
    return newestInPage;
  }
}

/**
 * After a write of this browser's that moves stock or prices (an ingreso, a card upload, an order placed,
 * confirmed or cancelled): the catalogue's cached answers are out of date, and from now on its reads
 * carry the write's event position, so the server answers once its projections have reached it.
 */
export function catalogueChanged(queryClient: QueryClient, position: number): void {
  newestInPage = Math.max(newestWrite(), position);
  try {
    window.sessionStorage.setItem(NEWEST_WRITE_KEY, String(newestInPage));
  } catch {
    // Storage refused: the writes are still read in this page.
  }
  catalogueContentChanged(queryClient);
}

/**
 * After an admin's write to catalogue content that has no event position (a set's name or release date):
 * the menu of latest sets, the set pages and everything else cached from the catalogue is asked again.
 */
export function catalogueContentChanged(queryClient: QueryClient): void {
  for (const queryKey of CATALOGUE_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/**
 * `query` plus `position=` of this tab's newest write, when it made one (read-your-writes). A position the
 * server's log does not reach (a database set up again) is answered at once, without a wait.
 */
export function withOwnWrites(query: string): string {
  const position = newestWrite();
  if (position === 0) return query;
  return query ? `${query}&position=${position}` : `position=${position}`;
}
