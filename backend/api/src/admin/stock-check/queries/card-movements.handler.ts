import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { type CardMovementEntry, type CardMovementsPage, CardMovementsQuery, MOVEMENTS_PAGE_SIZE } from './card-movements.query';

@QueryHandler(CardMovementsQuery)
export class CardMovementsHandler implements IQueryHandler<CardMovementsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** One movement more than a page is read, newest first, to tell whether earlier ones remain. */
  async execute({ cardId, before }: CardMovementsQuery): Promise<CardMovementsPage | null> {
    const card = await this.db.query('SELECT 1 FROM cards WHERE id = $1', [cardId]);
    if (card.rows.length === 0) return null;
    const { rows } = await this.db.query<CardMovementEntry & { position: string }>(
      `SELECT type, quantity, unit_cost AS "unitCost", source, order_id AS "orderId", position::text AS position,
              to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp
         FROM card_movements
        WHERE card_id = $1 AND ($2::bigint IS NULL OR position < $2::bigint)
        ORDER BY position DESC
        LIMIT $3`,
      [cardId, before, MOVEMENTS_PAGE_SIZE + 1],
    );
    const page = rows.slice(0, MOVEMENTS_PAGE_SIZE).reverse();
    return {
      movements: page.map(({ position: _position, ...movement }) => movement),
      earlier: rows.length > MOVEMENTS_PAGE_SIZE ? Number(page[0].position) : null,
    };
  }
}
