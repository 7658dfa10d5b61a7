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
