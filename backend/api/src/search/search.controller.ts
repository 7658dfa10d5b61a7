import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { messages, type SearchResponse } from '@tcg/domain';
import { CARDS_PROJECTION, Database, OPENSEARCH_PROJECTION, ProjectionWaiter, READ_YOUR_WRITES_TIMEOUT_MS, SearchIndex } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { SetCodePipe } from '../catalog/set-code.pipe';
import { ApiError } from '../web/api-exception.filter';
import { SEARCH_INDEX } from './search.tokens';
import { SearchQuery, searchQuerySchema } from './search-query.schema';

function parse(query: unknown): SearchQuery {
  const parsed = searchQuerySchema.safeParse(query);
  if (parsed.success) return parsed.data;
  // zod's own wording is English and never reaches a person: the message names the parameter, as do the details.
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'consulta'))];
  const details = fields.map((field) => ({ path: field, message: `Parámetro de búsqueda no válido: ${field}.` }));
  throw new ApiError(400, 'bad_request', details[0].message, details);
}

@ApiTags('search')
@Controller()
export class SearchController {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    @Inject(DATABASE) private readonly db: Database,
    private readonly waiter: ProjectionWaiter,
  ) {}

  @Get('search')
  async search(@Query() query: unknown): Promise<SearchResponse> {
    return this.run(parse(query));
  }

  @Get('sets/:id/cards')
  async setCards(@Param('id', SetCodePipe) setId: string, @Query() query: unknown): Promise<SearchResponse> {
    const params = parse(query);
    const { rows } = await this.db.query('SELECT 1 FROM sets WHERE id = $1', [setId]);
    if (rows.length === 0) throw new ApiError(404, 'not_found', messages.catalog.setNotFound);
    return this.run(params, setId);
  }

  private async run(params: SearchQuery, setId?: string): Promise<SearchResponse> {
    // Search reads the cards read model, or the OpenSearch index its own projection fills after it.
    const projections = this.index.name === 'opensearch' ? [CARDS_PROJECTION, OPENSEARCH_PROJECTION] : [CARDS_PROJECTION];
    if (params.position !== undefined) await this.waiter.waitFor(params.position, READ_YOUR_WRITES_TIMEOUT_MS, projections);
    return this.index.search({
      q: params.q,
      setId,
      languages: params.languages,
      rarities: params.rarities,
      inStockOnly: params.inStock,
      sort: params.sort,
      page: params.page,
    });
  }
}
