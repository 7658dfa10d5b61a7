import { Query } from '@nestjs/cqrs';
import type { CartCheckResponse } from '@tcg/domain';

/** Current price and stock of the cards a cart holds. */
export class CheckCartQuery extends Query<CartCheckResponse> {
  constructor(readonly ids: string[]) {
    super();
  }
}
