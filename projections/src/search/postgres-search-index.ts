import { CardSummary, FacetValue, SEARCH_PAGE_SIZE, SearchParams, SearchResponse, SearchSort } from '@tcg/domain';
import type { Database } from '../db/sql';
import { queryWords, SearchIndex } from './search-index.port';

const ORDER_BY: Record<SearchSort, string> = {
  az: 'sort_name ASC, id ASC',
  za: 'sort_name DESC, id DESC',
  priceAsc: 'price ASC, sort_name ASC, id ASC',
  priceDesc: 'price DESC, sort_name ASC, id ASC',
};

const IN_LANGUAGES = '(cardinality($5::text[]) = 0 OR language = ANY($5::text[]))';
const IN_RARITIES = '(cardinality($6::text[]) = 0 OR rarity = ANY($6::text[]))';

type TextMatch = 'all' | 'prefix' | 'fuzzy';

/*
 * A card matches when every word is a prefix of one of its words (tsquery `w:*`, GIN index). Only when
 * that finds nothing does the query run again tolerating typos: trigram similarity of the query to a
 * stretch of the card's names (`%>`, word_similarity, GIN trigram index). Fuzzy matching first would
 * recheck thousands of candidates for a short word. Each facet group is counted with the other group's
 * filter applied and not its own: OR within a group, AND between groups.
 */
const TEXT_MATCH: Record<TextMatch, string> = {
  // $1 and $2 appear in every form so the parameter list stays the same.
  all: 'AND $1::text IS NULL AND $2::text IS NOT NULL',
  prefix: "AND id IN (SELECT id FROM card_search WHERE search_vector @@ to_tsquery('simple', $1)) AND $2::text IS NOT NULL",
  fuzzy: 'AND id IN (SELECT id FROM card_search WHERE search_text %> $2) AND $1::text IS NOT NULL',
};

function searchSql(sort: SearchSort, match: TextMatch): string {
  const text = TEXT_MATCH[match];
  return `
  WITH matched AS MATERIALIZED (
    SELECT id, name, default_name, image_url, image_small_url, rarity, edition, set_name, set_code, set_id, language,
           stock_final, last_sale_price, last_offer_price, sort_name, price
      FROM cards
     WHERE ($3::text IS NULL OR set_id = $3)
       AND (NOT $4::boolean OR stock_final > 0)
       ${text}
  ), filtered AS (
    SELECT * FROM matched WHERE ${IN_LANGUAGES} AND ${IN_RARITIES}
  )
  SELECT (SELECT count(*) FROM filtered)::int AS total, (SELECT count(*) FROM matched)::int AS matched,
         (SELECT coalesce(json_agg(h), '[]') FROM (SELECT * FROM filtered ORDER BY ${ORDER_BY[sort]} LIMIT ${SEARCH_PAGE_SIZE} OFFSET $7) h) AS hits,
         (SELECT coalesce(json_agg(f ORDER BY f.value), '[]')
            FROM (SELECT language AS value, count(*)::int AS count FROM matched WHERE ${IN_RARITIES} GROUP BY language) f) AS languages,
         (SELECT coalesce(json_agg(f ORDER BY f.value), '[]')
            FROM (SELECT rarity AS value, count(*)::int AS count FROM matched WHERE ${IN_LANGUAGES} GROUP BY rarity) f) AS rarities`;
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

/** Search over the `cards` read model, matching text in its `card_search` documents (migrations 0003 and 0008). */
export class PostgresSearchIndex implements SearchIndex {
  readonly name: 'postgres' | 'pglite';

  constructor(private readonly db: Database) {
    this.name = db.kind;
  }

  async search(params: SearchParams): Promise<SearchResponse> {
    const words = queryWords(params.q);
    const page = Math.max(1, params.page);
    const run = async (match: TextMatch) =>
      (
        await this.db.query<ResultRow>(searchSql(params.sort, match), [
          words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null,
          words.join(' '),
          params.setId ?? null,
          params.inStockOnly,
          params.languages,
          params.rarities,
          (page - 1) * SEARCH_PAGE_SIZE,
        ])
      ).rows[0];
    let result = await run(words.length > 0 ? 'prefix' : 'all');
    if (words.length > 0 && result.matched === 0) result = await run('fuzzy');
    const { total, hits, languages, rarities } = result;
    return {
      hits: hits.map(toCardSummary),
      total,
      page,
      pageSize: SEARCH_PAGE_SIZE,
      totalPages: Math.ceil(total / SEARCH_PAGE_SIZE),
      facets: { language: languages, rarity: rarities },
    };
  }

  async ping(): Promise<void> {
    await this.db.query('SELECT 1 FROM cards LIMIT 1');
  }
}
