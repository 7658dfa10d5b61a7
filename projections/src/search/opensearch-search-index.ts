import { Client } from '@opensearch-project/opensearch';
import { CardSummary, FacetValue, SEARCH_PAGE_SIZE, SearchParams, SearchResponse, SearchSort } from '@tcg/domain';
import { CARD_INDEX_BODY } from './opensearch-mapping';
import { CardDocument, SearchIndex } from './search-index.port';

export const DEFAULT_CARD_ALIAS = 'tcg-cards';

const SORTS: Record<SearchSort, object[]> = {
  az: [{ 'name.sort': 'asc' }, { id: 'asc' }],
  za: [{ 'name.sort': 'desc' }, { id: 'desc' }],
  priceAsc: [{ price: 'asc' }, { 'name.sort': 'asc' }, { id: 'asc' }],
  priceDesc: [{ price: 'desc' }, { 'name.sort': 'asc' }, { id: 'asc' }],
};

const NAME_FIELDS = ['name', 'defaultName', 'keywords'];

type Body = Record<string, unknown>;

function textQuery(q: string): object[] {
  if (q.trim() === '') return [];
  return [
    {
      bool: {
        should: [
          { multi_match: { query: q, fields: NAME_FIELDS, operator: 'and', fuzziness: 'AUTO' } },
          { multi_match: { query: q, fields: NAME_FIELDS.map((field) => `${field}.prefix`), operator: 'and' } },
        ],
        minimum_should_match: 1,
      },
    },
  ];
}

function termsOrAll(field: string, values: string[]): object {
  return values.length > 0 ? { terms: { [field]: values } } : { match_all: {} };
}

interface Bucket {
  key: string;
  doc_count: number;
}

function facet(buckets: Bucket[]): FacetValue[] {
  return buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count })).sort((a, b) => a.value.localeCompare(b.value));
}

/** The OpenSearch adapter of the search port: reads through the alias the writer swaps on rebuild. */
export class OpenSearchSearchIndex implements SearchIndex {
  readonly name = 'opensearch' as const;

  constructor(
    private readonly client: Client,
    private readonly alias = DEFAULT_CARD_ALIAS,
  ) {}

  async search(params: SearchParams): Promise<SearchResponse> {
    const page = Math.max(1, params.page);
    const filter: object[] = [];
    if (params.setId) filter.push({ term: { setId: params.setId } });
    if (params.inStockOnly) filter.push({ range: { stockFinal: { gt: 0 } } });
    const languages = termsOrAll('language', params.languages);
    const rarities = termsOrAll('rarity', params.rarities);
    const body: Body = {
      from: (page - 1) * SEARCH_PAGE_SIZE,
      size: SEARCH_PAGE_SIZE,
      track_total_hits: true,
      query: { bool: { must: textQuery(params.q), filter } },
      // Facet filters go after the aggregations, so each group is counted with only the other's filter.
      post_filter: { bool: { filter: [languages, rarities] } },
      aggs: {
        language: { filter: rarities, aggs: { values: { terms: { field: 'language', size: 50 } } } },
        rarity: { filter: languages, aggs: { values: { terms: { field: 'rarity', size: 100 } } } },
      },
      sort: SORTS[params.sort],
    };
    const { body: result } = await this.client.search({ index: this.alias, body: body as never });
    const hits = (result.hits.hits as Array<{ _source: CardDocument }>).map(({ _source }) => summary(_source));
    const total = typeof result.hits.total === 'number' ? result.hits.total : (result.hits.total?.value ?? 0);
    const aggs = result.aggregations as unknown as Record<'language' | 'rarity', { values: { buckets: Bucket[] } }>;
    return {
      hits,
      total,
      page,
      pageSize: SEARCH_PAGE_SIZE,
      totalPages: Math.ceil(total / SEARCH_PAGE_SIZE),
      facets: { language: facet(aggs.language.values.buckets), rarity: facet(aggs.rarity.values.buckets) },
    };
  }

  async ping(): Promise<void> {
    await this.client.cluster.health({});
  }
}

function summary(d: CardDocument): CardSummary {
  return {
    id: d.id,
    name: d.name,
    defaultName: d.defaultName,
    imageUrl: d.imageUrl,
    imageSmallUrl: d.imageSmallUrl,
    rarity: d.rarity,
    edition: d.edition,
    set: d.set,
    setCode: d.setCode,
    setId: d.setId,
    language: d.language,
    stockFinal: d.stockFinal,
    lastSalePrice: d.lastSalePrice,
    lastOfferPrice: d.lastOfferPrice,
  };
}

/** Writes card documents; a rebuild fills a fresh index and swaps the alias to it in one request. */
export class OpenSearchCardWriter {
  private pending: string | undefined;

  constructor(
    private readonly client: Client,
    private readonly alias = DEFAULT_CARD_ALIAS,
  ) {}

  /** Creates a first index behind the alias when there is none. */
  async ensureIndex(): Promise<void> {
    const { body: exists } = await this.client.indices.existsAlias({ name: this.alias });
    if (exists) return;
    const index = this.newIndexName();
    await this.client.indices.create({ index, body: CARD_INDEX_BODY as never });
    await this.client.indices.putAlias({ index, name: this.alias });
  }

  /** Indexes into the alias, or into the index a rebuild is filling. Documents are keyed by card id, so re-sending is harmless. */
  async write(documents: readonly CardDocument[], target: 'live' | 'shadow' = 'live'): Promise<void> {
    if (documents.length === 0) return;
    const index = target === 'shadow' ? this.pendingIndex() : this.alias;
    const body = documents.flatMap((document) => [
      { index: { _index: index, _id: document.id } },
      { ...document, price: document.lastOfferPrice ?? document.lastSalePrice },
    ]);
    const { body: result } = await this.client.bulk({ body: body as never, refresh: false });
    if (result.errors) throw new Error(`OpenSearch bulk indexing failed: ${JSON.stringify(result.items.find((item) => Object.values(item)[0]?.error))}`);
  }

  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: this.alias });
  }

  async begin(): Promise<void> {
    this.pending = this.newIndexName();
    await this.client.indices.create({ index: this.pending, body: CARD_INDEX_BODY as never });
  }

  async swap(): Promise<void> {
    const next = this.pendingIndex();
    await this.client.indices.refresh({ index: next });
    const { body: current } = await this.client.indices.getAlias({ name: this.alias }).catch(() => ({ body: {} }));
    const old = Object.keys(current);
    await this.client.indices.updateAliases({
      body: { actions: [...old.map((index) => ({ remove: { index, alias: this.alias } })), { add: { index: next, alias: this.alias } }] },
    });
    if (old.length > 0) await this.client.indices.delete({ index: old });
    this.pending = undefined;
  }

  async abandon(): Promise<void> {
    if (!this.pending) return;
    await this.client.indices.delete({ index: this.pending }).catch(() => undefined);
    this.pending = undefined;
  }

  private pendingIndex(): string {
    if (!this.pending) throw new Error('no OpenSearch rebuild in progress');
    return this.pending;
  }

  private newIndexName(): string {
    return `${this.alias}-${Date.now()}`;
  }
}
