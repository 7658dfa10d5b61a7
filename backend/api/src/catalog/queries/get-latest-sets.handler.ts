import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { GetLatestSetsQuery } from './get-latest-sets.query';
import { latestSets } from './set-rows';

@QueryHandler(GetLatestSetsQuery)
export class GetLatestSetsHandler implements IQueryHandler<GetLatestSetsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute(query: GetLatestSetsQuery) {
    return latestSets(this.db, query.limit);
  }
}
