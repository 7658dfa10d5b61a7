import { searchSorts, type SearchSort } from '@tcg/domain';

/**
 * What a shopper narrowed a card list to. It lives in the page URL under the same parameter names
 * the search API takes (`languages=en,es&rarities=…&inStock=true&sort=za&page=2`), so a link shares
 * the exact view and the back button walks through the changes.
 */
export interface CatalogFilters {
  languages: string[];
  rarities: string[];
  inStockOnly: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
}

export const DEFAULT_SORT: SearchSort = 'az';

export const emptyFilters: CatalogFilters = { languages: [], rarities: [], inStockOnly: false, sort: DEFAULT_SORT, page: 1 };

/** Spec §2 sort labels, in the order the spec lists them. */
export const sortLabels: Record<SearchSort, string> = {
  az: 'Nombre A-Z',
  za: 'Nombre Z-A',
  priceAsc: 'Precio ascendente',
  priceDesc: 'Precio descendente',
};

const FILTER_KEYS = ['languages', 'rarities', 'inStock', 'sort', 'page'] as const;

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isSort(value: string | null): value is SearchSort {
  return (searchSorts as readonly (string | null)[]).includes(value);
}

/** Reads the filters from a URL; anything missing or malformed falls back to the default. */
export function readFilters(params: URLSearchParams): CatalogFilters {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  return {
    // Codes are lower case; the checkboxes show them upper case, so a shared `ES` means `es`.
    languages: list(params.get('languages')).map((language) => language.toLowerCase()),
    rarities: list(params.get('rarities')),
    inStockOnly: params.get('inStock') === 'true',
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL for `filters`, keeping unrelated parameters (the search text); defaults are left out. */
export function writeFilters(params: URLSearchParams, filters: CatalogFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  FILTER_KEYS.forEach((key) => next.delete(key));
  if (filters.languages.length > 0) next.set('languages', filters.languages.join(','));
  if (filters.rarities.length > 0) next.set('rarities', filters.rarities.join(','));
  if (filters.inStockOnly) next.set('inStock', 'true');
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  if (filters.page > 1) next.set('page', String(filters.page));
  return next;
}

/** The query string the search endpoints take for `filters`, with every parameter spelled out. */
export function searchQueryString(filters: CatalogFilters, q?: string): string {
  const params = new URLSearchParams();
  if (q !== undefined) params.set('q', q);
  if (filters.languages.length > 0) params.set('languages', filters.languages.join(','));
  if (filters.rarities.length > 0) params.set('rarities', filters.rarities.join(','));
  params.set('inStock', String(filters.inStockOnly));
  params.set('sort', filters.sort);
  params.set('page', String(filters.page));
  return params.toString();
}

/** Checked languages and rarities plus the availability switch; the sort is a view, not a filter. */
export function activeFilterCount(filters: CatalogFilters): number {
  return filters.languages.length + filters.rarities.length + (filters.inStockOnly ? 1 : 0);
}

/** Facet values are one whatever their case, as the API takes them: a hand-typed `secret rare` is 'Secret Rare'. */
export function sameValue(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

export function toggle(values: string[], value: string): string[] {
  return values.some((item) => sameValue(item, value)) ? values.filter((item) => !sameValue(item, value)) : [...values, value];
}
