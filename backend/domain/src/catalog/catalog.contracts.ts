/**
 * The storefront's read contract: what the API answers and the frontend renders. Money is integer
 * céntimos; dates are ISO strings (YYYY-MM-DD for release dates).
 */
export type LanguageCode = 'en' | 'es' | 'fr' | 'de' | 'it' | 'pt';
export type Edition = '1st Edition' | 'Unlimited';

export interface SetSummary {
  id: string;
  name: string;
  releaseDate: string;
  imageUrl: string | null;
}

export interface SetDetail extends SetSummary {
  preorderAvailable: boolean;
  products: { booster: boolean; display: boolean; cartaSuelta: boolean };
}

export interface CardSummary {
  id: string;
  name: string;
  defaultName: string;
  imageUrl: string | null;
  imageSmallUrl: string | null;
  rarity: string;
  edition: string;
  set: string;
  setCode: string;
  setId: string;
  language: string;
  stockFinal: number;
  lastSalePrice: number;
  lastOfferPrice: number | null;
}

export interface HomeSlide {
  id: string;
  title: string | null;
  desktopUrl: string;
  mobileUrl: string | null;
  alt: string;
  link: string | null;
  order: number;
}

export interface MostWantedEntry {
  id: string;
  cardId: string;
  defaultName: string;
  set: string;
  imageSmallUrl: string | null;
  price: number | null;
  inStock: boolean;
  link: string;
}

export interface HomeResponse {
  slides: HomeSlide[];
  mostWanted: MostWantedEntry[];
  latestSets: SetSummary[];
}

export interface LatestSetsResponse {
  sets: SetSummary[];
}

/** Every API error body: a stable machine code and a Spanish message a person can read. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  details?: unknown;
}

/** The four sorts of spec §2 (offer price counts when set). */
export const searchSorts = ['az', 'za', 'priceAsc', 'priceDesc'] as const;
export type SearchSort = (typeof searchSorts)[number];

/** Spec §9: 12 hits per page on search and set screens. */
export const SEARCH_PAGE_SIZE = 12;

/** The longest search text used: a longer one (a pasted paragraph, a crafted link) is searched by its start. */
export const SEARCH_QUERY_MAX = 200;

/** The search text as it is searched: trimmed, and cut to `SEARCH_QUERY_MAX` characters. */
export function searchText(raw: string): string {
  return raw.trim().slice(0, SEARCH_QUERY_MAX).trim();
}

/**
 * One search over the card index. Facets: OR within a group, AND between groups. `setId` narrows to a
 * set (the set screen); `q` empty lists everything that matches the filters.
 */
export interface SearchParams {
  q: string;
  setId?: string;
  languages: string[];
  rarities: string[];
  inStockOnly: boolean;
  sort: SearchSort;
  /** 1-based. */
  page: number;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchResponse {
  hits: CardSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  /** Values and counts for the current query, sorted by value. */
  facets: { language: FacetValue[]; rarity: FacetValue[] };
}

/** The product page: the card plus its set's name for the breadcrumb. */
export interface CardDetail extends CardSummary {
  setName: string;
  /** Whether the set has its page (`/categoria/yugioh/{setId}`): a card may be uploaded before its set is registered. */
  setListed: boolean;
  updatedAt: string;
}

export interface CartCheckRequest {
  ids: string[];
}

/** Current price and stock of the cards in a cart; unknown ids are left out. */
export interface CartCheckResponse {
  cards: Array<{ id: string; name: string; price: number; stockFinal: number }>;
}
