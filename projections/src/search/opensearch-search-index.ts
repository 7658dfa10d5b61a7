import { Client } from '@opensearch-project/opensearch';
import { CardSummary, FacetValue, SEARCH_PAGE_SIZE, SearchParams, SearchResponse, SearchSort } from '@tcg/domain';
import { CARD_INDEX_BODY } from './opensearch-mapping';
import { CardDocument, emptyPage, queryWords, SearchIndex, setCodeQuery, setIdQuery } from './search-index.port';

export const DEFAULT_CARD_ALIAS = 'tcg-cards';

const SORTS: Record<SearchSort, object[]> = {
  az: [{ 'name.sort': 'asc' }, { id: 'asc' }],
  za: [{ 'name.sort': 'desc' }, { id: 'desc' }],
  priceAsc: [{ price: 'asc' }, { 'name.sort': 'asc' }, { id: 'asc' }],
  priceDesc: [{ price: 'desc' }, { 'name.sort': 'asc' }, { id: 'asc' }],
};

const NAME_FIELDS = ['name', 'defaultName', 'keywords'];

type Body = Record<string, unknown>;

/** Prints whose set code begins so, in any case. */
function codeBeginning(code: string): object[] {
  return [{ prefix: { setCode: { value: code, case_insensitive: true } } }];
}

/**
 * Like the PostgreSQL adapter: every one of the query's words (at most eight, so a long query stays far
 * below the server's clause limit) in any of the card's names, whole or as a prefix; the words in
 * `typos` may instead be a near word (second search only, when the words as typed find nothing).
 */
function textQuery(words: readonly string[], typos: ReadonlySet<number> = new Set()): object[] {
  const exact = [...NAME_FIELDS, ...NAME_FIELDS.map((field) => `${field}.prefix`)];
  return words.map((word, index) =>
    typos.has(index)
      ? { multi_match: { query: word, fields: NAME_FIELDS, operator: 'and', fuzziness: 'AUTO' } }
      : { multi_match: { query: word, fields: exact, operator: 'and' } },
  );
}

/** OpenSearch refuses a page that ends beyond `index.max_result_window` (10,000 by default). */
const MAX_RESULT_WINDOW = 10_000;

function termsOrAll(field: string, values: string[]): object {
  return values.length > 0 ? { terms: { [field]: values } } : { match_all: {} };
}

/** A rarity typed into a URL ('secret rare') is the catalogue's ('Secret Rare'); `terms` has no case option. */
function anyOfIgnoringCase(field: string, values: string[]): object {
  if (values.length === 0) return { match_all: {} };
  const should = values.map((value) => ({ term: { [field]: { value, case_insensitive: true } } }));
  return { bool: { should, minimum_should_match: 1 } };
}

interface Bucket {
  key: string;
  doc_count: number;
}

function facet(buckets: Bucket[]): FacetValue[] {
  return buckets.map((bucket) => ({ value: bucket.key, count: bucket.doc_count })).sort((a, b) => a.value.localeCompare(b.value));
}

function statusOf(error: unknown): number | undefined {
  return (error as { meta?: { statusCode?: number } }).meta?.statusCode;
}

/** Documents per bulk request: a rebuild's batch of 40,000 events would otherwise be one request of tens of megabytes. */
const BULK_DOCUMENTS = 2_000;

/** The OpenSearch adapter of the search port: reads through the alias the writer swaps on rebuild. */
export class OpenSearchSearchIndex implements SearchIndex {
  readonly name = 'opensearch' as const;

  constructor(
    private readonly client: Client,
    private readonly alias = DEFAULT_CARD_ALIAS,
  ) {}

  async search(params: SearchParams): Promise<SearchResponse> {
    const code = setCodeQuery(params.q);
    if (code !== null) {
      const printed = await this.query(params, codeBeginning(code));
      if (printed === undefined) return emptyPage(params, SEARCH_PAGE_SIZE);
      if (printed.total > 0 || (await this.count(codeBeginning(code))) > 0) return printed;
    }
    const words = queryWords(params.q);
    if (words.length === 0 && params.q.trim() !== '') return emptyPage(params, SEARCH_PAGE_SIZE);
    const exact = await this.query(params, textQuery(words));
    if (exact === undefined || exact.total > 0 || words.length === 0) return exact ?? emptyPage(params, SEARCH_PAGE_SIZE);
    // Cards have these words, only not under the filters: that is the answer, not a typo.
    if ((await this.count(textQuery(words))) > 0) return exact;
    // No name has the word: 'LOB' is then the set whose prints' codes begin 'LOB-'.
    const set = setIdQuery(params.q);
    if (set !== null && (await this.count(codeBeginning(set))) > 0) return (await this.query(params, codeBeginning(set))) ?? exact;
    // Near words for the words no card has; for every word when each is some card's (only not together).
    const unknown = new Set<number>();
    for (const [index, word] of words.entries()) if ((await this.count(textQuery([word]))) === 0) unknown.add(index);
    const typos = unknown.size > 0 ? unknown : new Set(words.keys());
    return (await this.query(params, textQuery(words, typos))) ?? emptyPage(params, SEARCH_PAGE_SIZE);
  }

  /** Cards matching `must` in the whole catalogue, no filter applied. */
  private async count(must: object[]): Promise<number> {
    const { body } = await this.client.count({ index: this.alias, body: { query: { bool: { must } } } as never });
    return body.count;
  }

  /** Undefined while there is no index behind the alias yet (a first start, before the projector made it). */
  private async query(params: SearchParams, must: object[]): Promise<SearchResponse | undefined> {
    const page = Math.max(1, params.page);
    const from = (page - 1) * SEARCH_PAGE_SIZE;
    // Beyond the window the page is empty anyway for any catalogue this shop holds; totals and facets stay.
    const beyond = from + SEARCH_PAGE_SIZE > MAX_RESULT_WINDOW;
    const filter: object[] = [];
    if (params.setId) filter.push({ term: { setId: params.setId } });
    if (params.inStockOnly) filter.push({ range: { stockFinal: { gt: 0 } } });
    const languages = termsOrAll('language', params.languages);
    const rarities = anyOfIgnoringCase('rarity', params.rarities);
    const body: Body = {
      from: beyond ? 0 : from,
      size: beyond ? 0 : SEARCH_PAGE_SIZE,
      track_total_hits: true,
      query: { bool: { must, filter } },
      // Facet filters go after the aggregations, so each group is counted with only the other's filter.
      post_filter: { bool: { filter: [languages, rarities] } },
      aggs: {
        language: { filter: rarities, aggs: { values: { terms: { field: 'language', size: 50 } } } },
        rarity: { filter: languages, aggs: { values: { terms: { field: 'rarity', size: 100 } } } },
      },
      sort: SORTS[params.sort],
    };
    let result;
    try {
      ({ body: result } = await this.client.search({ index: this.alias, body: body as never }));
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
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

/** Some documents of a bulk request were refused; `statuses` holds each refused document's HTTP status. */
export class BulkItemsFailedError extends Error {
  constructor(
    readonly statuses: readonly number[],
    first: unknown,
  ) {
    super(`OpenSearch bulk indexing failed for ${statuses.length} document(s): ${JSON.stringify(first)}`);
    this.name = 'BulkItemsFailedError';
  }

  /** Every refusal was an overloaded node (429) or an unavailable shard (5xx): the same bulk may pass later. */
  get transient(): boolean {
    return this.statuses.every((status) => status === 429 || status >= 500);
  }
}

/** Writes card documents; a rebuild fills a fresh index and swaps the alias to it in one request. */
export class OpenSearchCardWriter {
  private pending: string | undefined;
  /** The alias had an index when last looked (or this writer made one); a refused write for want of it clears this. */
  private ensured = false;
  private ensuring?: Promise<boolean>;
  /** This writer made the index, and `ensureIndex` has not said so yet. */
  private madeUnreported = false;

  constructor(
    private readonly client: Client,
    private readonly alias = DEFAULT_CARD_ALIAS,
  ) {}

  /**
   * Creates a first index behind the alias when there is none; true when it did, or when a write of
   * this writer made one since the last call: the caller then knows the index is empty (a first start,
   * or a lost data volume) and must be filled from the log.
   */
  async ensureIndex(): Promise<boolean> {
    await this.ensure();
    const made = this.madeUnreported;
    this.madeUnreported = false;
    return made;
  }

  /**
   * One check at a time: the start-up's and the runner's first write met, and each made an index behind
   * the alias, which then pointed at two (duplicate hits, live writes refused). A caller that joins one
   * under way learns the same answer; a failed one is tried again by the next caller.
   */
  private ensure(): Promise<boolean> {
    this.ensuring ??= this.createIndexUnlessAliased().then(
      (created) => {
        this.ensured = true;
        this.ensuring = undefined;
        if (created) this.madeUnreported = true;
        return created;
      },
      (error: unknown) => {
        this.ensuring = undefined;
        throw error;
      },
    );
    return this.ensuring;
  }

  private async createIndexUnlessAliased(): Promise<boolean> {
    const { body: exists } = await this.client.indices.existsAlias({ name: this.alias });
    if (exists) return false;
    const index = this.newIndexName();
    await this.client.indices.create({ index, body: CARD_INDEX_BODY as never });
    await this.client.indices.putAlias({ index, name: this.alias });
    return true;
  }

  /**
   * Indexes into the alias, or into the index a rebuild is filling. Documents are keyed by card id, so
   * re-sending is harmless. Live writes wait until a search sees them (the projection's checkpoint, and
   * so read-your-writes, moves only then), and only ever go through the alias: a write never makes
   * OpenSearch create an index with guessed field types under the alias's name.
   */
  async write(documents: readonly CardDocument[], target: 'live' | 'shadow' = 'live'): Promise<void> {
    if (documents.length === 0) return;
    const live = target === 'live';
    if (live && !this.ensured) await this.ensure();
    const index = live ? this.alias : this.pendingIndex();
    for (let start = 0; start < documents.length; start += BULK_DOCUMENTS) {
      const body = documents.slice(start, start + BULK_DOCUMENTS).flatMap((document) => [
        { index: { _index: index, _id: document.id } },
        { ...document, price: document.lastOfferPrice ?? document.lastSalePrice },
      ]);
      // One refresh makes every earlier bulk visible too: only the last one waits for it.
      const last = start + BULK_DOCUMENTS >= documents.length;
      const { body: result } = await this.client.bulk({ body: body as never, refresh: live && last ? 'wait_for' : false, require_alias: live });
      if (result.errors) throw this.bulkFailure(result.items);
    }
  }

  async refresh(): Promise<void> {
    await this.client.indices.refresh({ index: this.alias });
  }

  /**
   * A bulk request answers 200 with per-document failures. A missing alias (its index deleted, the data
   * volume lost) makes the next write create the index again, so the replay the halt asks for fills it.
   */
  private bulkFailure(items: ReadonlyArray<Record<string, { status?: number; error?: unknown } | undefined>>): BulkItemsFailedError {
    const failed = items.map((item) => Object.values(item)[0]).filter((outcome) => outcome?.error !== undefined);
    const statuses = failed.map((outcome) => outcome?.status ?? 0);
    if (statuses.includes(404)) this.ensured = false;
    return new BulkItemsFailedError(statuses, failed[0]?.error);
  }

  /**
   * Starts a rebuild's index. It first deletes the indexes of earlier rebuilds that the alias does not
   * point to: one killed before its swap or abandon, or an old index whose delete failed after a swap.
   * A rebuild runs under the maintenance lock, so no other one is filling an index meanwhile.
   */
  async begin(): Promise<void> {
    const leftovers = await this.leftoverIndexes();
    // Like the old index after a swap: one that cannot be deleted only takes disk space.
    if (leftovers.length > 0) await this.client.indices.delete({ index: leftovers }).catch(() => undefined);
    this.pending = this.newIndexName();
    await this.client.indices.create({ index: this.pending, body: CARD_INDEX_BODY as never });
  }

  /** Indexes named as this writer names them (`alias-<milliseconds>`) that the alias does not point to. */
  private async leftoverIndexes(): Promise<string[]> {
    const { body } = await this.client.indices.get({ index: `${this.alias}-*`, allow_no_indices: true });
    const prefix = `${this.alias}-`;
    const ours = (index: string) => index.startsWith(prefix) && /^\d+$/.test(index.slice(prefix.length));
    return Object.entries(body as Record<string, { aliases?: Record<string, unknown> }>)
      .filter(([index, { aliases }]) => ours(index) && !(aliases && this.alias in aliases))
      .map(([index]) => index);
  }

  /** Moves the alias to the filled index in one request, then removes the indexes it left. */
  async swap(): Promise<void> {
    const next = this.pendingIndex();
    await this.client.indices.refresh({ index: next });
    let old: string[] = [];
    try {
      old = Object.keys((await this.client.indices.getAlias({ name: this.alias })).body);
    } catch (error) {
      // No alias yet is the only answer that means "nothing to move it from".
      if (statusOf(error) !== 404) throw error;
    }
    await this.client.indices.updateAliases({
      body: { actions: [...old.map((index) => ({ remove: { index, alias: this.alias } })), { add: { index: next, alias: this.alias } }] },
    });
    this.pending = undefined;
    this.ensured = true;
    // The shop already reads the new index; an old one that cannot be deleted now only takes disk space.
    if (old.length > 0) await this.client.indices.delete({ index: old }).catch(() => undefined);
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
