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

/** Letters `unaccent` (and OpenSearch's ascii folding) spell out, which Unicode decomposition leaves as they are. */
const SPELLED_OUT: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** The dot inside an abbreviation ("T.G.", "P.U.N.K."): between two letters that stand alone. */
const ABBREVIATION_DOT = /(?<=(?:^|[^\p{L}\p{N}])\p{L})\.(?=\p{L}(?:[^\p{L}\p{N}]|$))/gu;

/**
 * Normalises a query the way the indexes fold text (migration 0018, `card_search_terms`; the OpenSearch
 * analyzers): compatibility forms and accents off, lowercase, an abbreviation's dots closed up ("T.G." is
 * "tg"), and words of letters and digits only, split at every other mark.
 */
export function queryWords(q: string): string[] {
  return q
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþ]/g, (letter) => SPELLED_OUT[letter])
    .replace(ABBREVIATION_DOT, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/**
 * A set code as printed on a card ('LOB-EN001', 'SDY-006', 'MP23-EN001', 'SGX1-ENA01', 'SHVI-ENSE1'),
 * or its beginning from the hyphen on ('LOB-', 'LOB-EN', 'LOB-EN0').
 */
const SET_CODE = /^[A-Z0-9]{2,5}-[A-Z]{0,4}[0-9]{0,4}$/;
/** A code typed with spaces for its hyphen, whole or begun ('LOB EN001', 'sdy 006', 'LOB EN', 'LOB EN 001'). */
const SPACED_SET_CODE = /^([A-Z0-9]{2,5})\s+([A-Z]{0,4})\s*([0-9]{0,4})$/;
/** The set's own code, the part of every print's code before the hyphen ('LOB', 'MP23', 'TSHD'). */
const SET_ID = /^[A-Z0-9]{2,5}$/;
/** Dashes a phone or a word processor types for a hyphen (full-width forms are folded first, NFKC). */
const DASHES = /[\u2010-\u2015\u2212]/g;

/**
 * The set code a query may be, upper-cased, or null. Players look a print up by the code under its
 * picture; split into words ('lob', 'en001') it matched no name. A hyphenated name ('Blue-Eyes') has the
 * shape too: it is searched as words when no card's code begins so.
 */
export function setCodeQuery(q: string): string | null {
  const code = typedSetCode(q);
  return SET_CODE.test(code) ? code : null;
}

/**
 * The beginning every print of a set has ('LOB-') when the query may be a set's own code, or null. A
 * word has the shape too ('Exodia'), so a search tries it only when no card's name has the word.
 */
export function setIdQuery(q: string): string | null {
  const id = typedSetCode(q);
  return SET_ID.test(id) ? `${id}-` : null;
}

/**
 * A query as a set code is compared: full-width forms folded, a typed dash, or a space before the
 * card's number, read as the hyphen, upper-cased. Two short words ('dark magi') take the shape too: a
 * search tries it as a code only when some card's code begins so.
 */
export function typedSetCode(q: string): string {
  return q
    .normalize('NFKC')
    .trim()
    .replace(DASHES, '-')
    .toUpperCase()
    .replace(SPACED_SET_CODE, (typed, set: string, letters: string, digits: string) => (letters + digits === '' ? typed : `${set}-${letters}${digits}`));
}

export function emptyPage(params: SearchParams, pageSize: number): SearchResponse {
  return { hits: [], total: 0, page: params.page, pageSize, totalPages: 0, facets: { language: [], rarity: [] } };
}
