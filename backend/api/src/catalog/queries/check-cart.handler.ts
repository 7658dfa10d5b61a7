import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CartCheckResponse } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { CheckCartQuery } from './check-cart.query';

interface CartCardRow {
  id: string;
  name: string;
  price: number;
  stockFinal: number;
}

@QueryHandler(CheckCartQuery)
export class CheckCartHandler implements IQueryHandler<CheckCartQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ ids }: CheckCartQuery): Promise<CartCheckResponse> {
    if (ids.length === 0) return { cards: [] };
    // Same precedence as effectivePrice (spec §9), computed where the rows are read.
    const { rows } = await this.db.query<CartCardRow>(
      `SELECT id, name, COALESCE(last_offer_price, last_sale_price) AS price, stock_final AS "stockFinal"
         FROM cards WHERE id = ANY($1::text[])`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Answer in the cart's order, so the page can report changes in the order the shopper sees them.
    return { cards: ids.flatMap((id) => byId.get(id) ?? []) };
  }
}
