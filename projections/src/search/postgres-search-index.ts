import { CardSummary, FacetValue, SEARCH_PAGE_SIZE, SearchParams, SearchResponse, SearchSort } from '@tcg/domain';
import type { Database, Sql } from '../db/sql';
import { emptyPage, queryWords, SearchIndex, setCodeQuery, setIdQuery } from './search-index.port';

const ORDER_BY: Record<SearchSort, string> = {
  az: 'sort_name ASC, id ASC',
  za: 'sort_name DESC, id DESC',
  priceAsc: 'price ASC, sort_name ASC, id ASC',
  priceDesc: 'price DESC, sort_name ASC, id ASC',
};

const IN_LANGUAGES = '(cardinality($4::text[]) = 0 OR language = ANY($4::text[]))';
/**
 * A rarity typed into a URL ('secret rare') is the catalogue's ('Secret Rare'). Both sides go through the
 * database's own `lower()`: under a `C` locale it leaves 'É' as it is, and the exact spelling must match.
 */
const IN_RARITIES = '(cardinality($5::text[]) = 0 OR lower(rarity) IN (SELECT lower(typed) FROM unnest($5::text[]) typed))';
/** The page's filter, on the rarities as the matching cards spell them (`counts`), so the indexes still apply. */
const IN_RARITIES_SPELT = `(cardinality($5::text[]) = 0 OR rarity = ANY(ARRAY(SELECT rarity FROM counts WHERE ${IN_RARITIES})))`;

type TextMatch = 'all' | 'prefix' | 'setCode';

/*
 * A card matches when every word is a prefix of one of its words (tsquery `w:*`, GIN index). Only when
 * no card of the whole catalogue matches (the set and in-stock filters aside) is the query taken for a
 * typo: each word that no card has (or, when every word is some card's, each word) may then also be one
 * of its nearest words in the catalogue's lexicon (`card_search_words`, trigram distance on a GiST
 * index), and the prefix match runs again. Each facet group is counted with the other group's filter applied and not
 * its own: OR within a group, AND between groups.
 */
const TEXT_MATCH: Record<TextMatch, { cte: string; from: string; where: string }> = {
  all: { cte: '', from: 'cards', where: 'AND $1::text IS NULL' },
  prefix: {
    cte: "texts AS MATERIALIZED (SELECT id FROM card_search WHERE search_vector @@ to_tsquery('simple', $1)),",
    from: 'cards JOIN texts USING (id)',
    where: '',
  },
  /** `$1` is the code's beginning and `%` (`cards_set_code_idx`); the code holds letters, digits and a hyphen. */
  setCode: { cte: '', from: 'cards', where: 'AND upper(set_code) LIKE $1::text' },
};

/** Whether any card's set code begins so, whatever the filters. */
const ANY_SET_CODE_SQL = 'SELECT EXISTS (SELECT 1 FROM cards WHERE upper(set_code) LIKE $1::text) AS found';

/** How many lexicon words may stand in for one query word, and how close they must be (pg_trgm similarity). */
const CORRECTIONS_PER_WORD = 3;
const MIN_SIMILARITY = 0.25;

/**
 * Each word's nearest lexicon words; with `$2`, only for the words no card has (as a word or a prefix),
 * so that a word spelt right stays as typed ("lobo osuro" is "lobo oscuro", not also "lord oscuro").
 */
const CORRECTIONS_SQL = `
  SELECT q.ord::int AS ord, x.word
    FROM unnest($1::text[]) WITH ORDINALITY AS q(w, ord)
   CROSS JOIN LATERAL (
     -- A gate evaluated once per word, before the nearest-word search it spares the known words.
     SELECT word FROM card_search_words
      WHERE NOT ($2::boolean AND (EXISTS (SELECT 1 FROM card_search_words k WHERE k.word = q.w)
                                  OR EXISTS (SELECT 1 FROM card_search WHERE search_vector @@ to_tsquery('simple', q.w || ':*'))))
      ORDER BY word <-> q.w LIMIT ${CORRECTIONS_PER_WORD}) x
   WHERE similarity(x.word, q.w) >= ${MIN_SIMILARITY} AND x.word <> q.w`;

/** Whether any card of the catalogue has the words, whatever the filters. */
const ANY_MATCH_SQL = "SELECT EXISTS (SELECT 1 FROM card_search WHERE search_vector @@ to_tsquery('simple', $1)) AS found";

/** What the planner should assume a random page read costs against a sequential one (PostgreSQL's default is 4). */
const CACHED_PAGE_COST = 1.1;

const LEXEME = /^[\p{L}\p{N}]+$/u;

/** `(w:* | c1:* | …) & …`: each word, or one of its corrections, as a prefix. Every term is letters and digits only. */
function prefixQuery(alternatives: readonly string[][]): string {
  return alternatives.map((terms) => `(${terms.map((term) => `${term}:*`).join(' | ')})`).join(' & ');
}

/*
 * The matching cards are counted per (language, rarity), a dozen rows, and the totals and both facets
 * are summed from those; the page's 12 hits are a query of their own, so the sort indexes apply. Keeping
 * every matching card in one CTE for all five (as before) spilled the whole catalogue to temporary files
 * on a browse without words: 120–200 ms at 50,000 cards instead of about 30 (docs/benchmarks.md).
 * Counting and ordering read only what `cards_facets_idx` (browsing) and `cards_search_cover_idx` (word
 * matches joined by id) hold; the page is chosen by id first, and only its 12 rows are read whole.
 */
function searchSql(sort: SearchSort, match: TextMatch): string {
  const text = TEXT_MATCH[match];
  const matches = `($2::text IS NULL OR set_id = $2) AND (NOT $3::boolean OR stock_final > 0) ${text.where}`;
  return `
  WITH ${text.cte} counts AS MATERIALIZED (
    SELECT language, rarity, count(*)::int AS n FROM ${text.from} WHERE ${matches} GROUP BY language, rarity
  )
  SELECT (SELECT coalesce(sum(n), 0) FROM counts WHERE ${IN_LANGUAGES} AND ${IN_RARITIES})::int AS total,
         (SELECT coalesce(sum(n), 0) FROM counts)::int AS matched,
         (SELECT coalesce(json_agg(h), '[]')
            FROM (SELECT id, name, default_name, image_url, image_small_url, rarity, edition, set_name, set_code, set_id, language,
                         stock_final, last_sale_price, last_offer_price
                    FROM cards
                    JOIN (SELECT id FROM ${text.from} WHERE ${matches} AND ${IN_LANGUAGES} AND ${IN_RARITIES_SPELT}
                           ORDER BY ${ORDER_BY[sort]} LIMIT ${SEARCH_PAGE_SIZE} OFFSET $6) page USING (id)
                   ORDER BY ${ORDER_BY[sort]}) h) AS hits,
         (SELECT coalesce(json_agg(f ORDER BY f.value), '[]')
            FROM (SELECT language AS value, sum(n)::int AS count FROM counts WHERE ${IN_RARITIES} GROUP BY language) f) AS languages,
         (SELECT coalesce(json_agg(f ORDER BY f.value), '[]')
            FROM (SELECT rarity AS value, sum(n)::int AS count FROM counts WHERE ${IN_LANGUAGES} GROUP BY rarity) f) AS rarities`;
}

interface HitRow {
  id: string;
  name: string;
  default_name: string;
  image_url: string | null;
  image_small_url: string | null;
  rarity: string;
  edition: string;
  set_name: string;
  set_code: string;
  set_id: string;
  language: string;
  stock_final: number;
  last_sale_price: number;
  last_offer_price: number | null;
}

interface ResultRow {
  total: number;
  /** Before the language and rarity filters. */
  matched: number;
  hits: HitRow[];
  languages: FacetValue[];
  rarities: FacetValue[];
}

function toResponse({ total, hits, languages, rarities }: ResultRow, page: number): SearchResponse {
  return {
    hits: hits.map(toCardSummary),
    total,
    page,
    pageSize: SEARCH_PAGE_SIZE,
    totalPages: Math.ceil(total / SEARCH_PAGE_SIZE),
    facets: { language: languages, rarity: rarities },
  };
}

export function toCardSummary(row: HitRow): CardSummary {
  return {
    id: row.id,
    name: row.name,
    defaultName: row.default_name,
    imageUrl: row.image_url,
    imageSmallUrl: row.image_small_url,
    rarity: row.rarity,
    edition: row.edition,
    set: row.set_name,
    setCode: row.set_code,
    setId: row.set_id,
    language: row.language,
    stockFinal: row.stock_final,
    lastSalePrice: row.last_sale_price,
    lastOfferPrice: row.last_offer_price,
  };
}

/**
 * Each query word with its nearest lexicon words (itself first): those of the words no card has; when
 * every word is some card's (only no card has them all, "maga oscuro"), those of every word.
 */
async function corrections(tx: Sql, words: string[]): Promise<string[][]> {
  for (const unknownOnly of [true, false]) {
    const { rows } = await tx.query<{ ord: number; word: string }>(CORRECTIONS_SQL, [words, unknownOnly]);
    const alternatives = words.map((word) => [word]);
    for (const { ord, word } of rows) if (LEXEME.test(word)) alternatives[ord - 1].push(word);
    if (alternatives.some((terms) => terms.length > 1)) return alternatives;
  }
  return words.map((word) => [word]);
}

/** Search over the `cards` read model, matching text in its `card_search` documents (migrations 0003 and 0008). */
export class PostgresSearchIndex implements SearchIndex {
  readonly name: 'postgres' | 'pglite';

  constructor(private readonly db: Database) {
    this.name = db.kind;
  }

  /**
   * One read-only transaction: the queries of a search see one snapshot, and the planner is told that
   * a page fetched by index costs little more than one read in sequence, which holds for a catalogue
   * that stays in memory. With the default (4×) it scanned all of `card_search` for a common prefix such
   * as `de:*` and joined by hash over all of `cards`: 44 ms instead of 15 ms at 50,000 cards.
   */
  async search(params: SearchParams): Promise<SearchResponse> {
    return this.db.transaction(async (tx) => {
      // The tables are locked in the order a blue/green swap renames them (the cards projection's
      // `tables`): a word search reads `card_search` before `cards`, and taking them the other way round
      // from the swap deadlocked a search that met one.
      await tx.exec(
        `SET TRANSACTION READ ONLY; SET LOCAL random_page_cost = ${CACHED_PAGE_COST};
         LOCK TABLE cards, card_search, card_search_words IN ACCESS SHARE MODE`,
      );
      return this.searchIn(tx, params);
    });
  }

  private async searchIn(tx: Sql, params: SearchParams): Promise<SearchResponse> {
    const words = queryWords(params.q);
    const page = Math.max(1, params.page);
    const run = async (match: TextMatch, tsquery: string | null) =>
      (
        await tx.query<ResultRow>(searchSql(params.sort, match), [
          tsquery,
          params.setId ?? null,
          params.inStockOnly,
          params.languages,
          params.rarities,
          (page - 1) * SEARCH_PAGE_SIZE,
        ])
      ).rows[0];
    const byCode = async (code: string | null) => {
      if (code === null) return undefined;
      const { rows } = await tx.query<{ found: boolean }>(ANY_SET_CODE_SQL, [`${code}%`]);
      return rows[0].found ? toResponse(await run('setCode', `${code}%`), page) : undefined;
    };
    const printed = await byCode(setCodeQuery(params.q));
    if (printed) return printed;
    if (words.length === 0) return params.q.trim() === '' ? toResponse(await run('all', null), page) : emptyPage(params, SEARCH_PAGE_SIZE);
    const typed = prefixQuery(words.map((word) => [word]));
    const exact = await run('prefix', typed);
    if (exact.matched > 0) return toResponse(exact, page);
    // Cards have these words, only not in this set or in stock: that is the answer, not a typo. (Without
    // those filters `matched` already counted the whole catalogue.)
    if (params.setId || params.inStockOnly) {
      const { rows } = await tx.query<{ found: boolean }>(ANY_MATCH_SQL, [typed]);
      if (rows[0].found) return toResponse(exact, page);
    }
    // No name has the word: 'LOB' is then the set whose prints' codes begin 'LOB-'.
    const inSet = await byCode(setIdQuery(params.q));
    if (inSet) return inSet;
    const corrected = await corrections(tx, words);
    if (corrected.every((terms) => terms.length === 1)) return toResponse(exact, page);
    return toResponse(await run('prefix', prefixQuery(corrected)), page);
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1 FROM cards LIMIT 1');
  }
}
