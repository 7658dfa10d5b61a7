import { Query } from '@nestjs/cqrs';
import type { CardDetail } from '@tcg/domain';

/** One sellable card version by its id; null when there is no such card. */
export class GetCardQuery extends Query<CardDetail | null> {
  constructor(readonly cardId: string) {
    super();
  }
}
