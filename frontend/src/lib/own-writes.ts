import type { QueryClient } from '@tanstack/react-query';

/** The catalogue's cached answers: search, set pages (and the latest sets), product pages, the home page. */
const CATALOGUE_KEYS = [['search'], ['sets'], ['cards'], ['home']] as const;

let newestWrite = 0;

/**
 * After a write of this browser's that moves stock or prices (an ingreso, a card upload, an order placed,
 * confirmed or cancelled): the catalogue's cached answers are out of date, and from now on its reads
 * carry the write's event position, so the server answers once its projections have reached it.
 */
export function catalogueChanged(queryClient: QueryClient, position: number): void {
  newestWrite = Math.max(newestWrite, position);
  catalogueContentChanged(queryClient);
}

/**
 * After an admin's write to catalogue content that has no event position (a set's name or release date):
 * the menu of latest sets, the set pages and everything else cached from the catalogue is asked again.
 */
export function catalogueContentChanged(queryClient: QueryClient): void {
  for (const queryKey of CATALOGUE_KEYS) void queryClient.invalidateQueries({ queryKey });
}

/** `query` plus `position=` of this browser's newest write, when it made one (read-your-writes). */
export function withOwnWrites(query: string): string {
  return newestWrite > 0 ? `${query}&position=${newestWrite}` : query;
}
