import { Query } from '@nestjs/cqrs';
import type { SetDetail } from '@tcg/domain';

/** One set by its code; null when there is no such set. */
export class GetSetQuery extends Query<SetDetail | null> {
  constructor(readonly setId: string) {
    super();
  }
}
