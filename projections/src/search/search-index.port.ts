import type { CardSummary, SearchParams, SearchResponse } from '@tcg/domain';

export type SearchIndexName = 'postgres' | 'pglite' | 'opensearch';

/** The search port (DESIGN §6): the storefront's card search and the set screen's listing. */
export interface SearchIndex {
  readonly name: SearchIndexName;
  search(params: SearchParams): Promise<SearchResponse>;
  /** Throws when the index does not answer. */
  ping(): Promise<void>;
}

/** A card as the index stores it: what a hit shows plus what search and sorting need. */
export interface CardDocument extends CardSummary {
  keywords: string[];
  updatedAt: string;
}

/** Normalises a query the way the indexes fold text: lowercase, accents off, words only. */
export function queryWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

export function emptyPage(params: SearchParams, pageSize: number): SearchResponse {
  return { hits: [], total: 0, page: params.page, pageSize, totalPages: 0, facets: { language: [], rarity: [] } };
}
