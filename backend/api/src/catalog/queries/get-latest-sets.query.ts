import { Query } from '@nestjs/cqrs';
import type { SetSummary } from '@tcg/domain';

export class GetLatestSetsQuery extends Query<SetSummary[]> {
  constructor(readonly limit: number) {
    super();
  }
}
