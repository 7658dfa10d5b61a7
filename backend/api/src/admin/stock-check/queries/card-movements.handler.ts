import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { type CardMovementEntry, CardMovementsQuery } from './card-movements.query';

@QueryHandler(CardMovementsQuery)
export class CardMovementsHandler implements IQueryHandler<CardMovementsQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ cardId }: CardMovementsQuery): Promise<CardMovementEntry[] | null> {
    const card = await this.db.query('SELECT 1 FROM cards WHERE id = $1', [cardId]);
    if (card.rows.length === 0) return null;
    const { rows } = await this.db.query<CardMovementEntry>(
      `SELECT type, quantity, unit_cost AS "unitCost", source, order_id AS "orderId",
              to_char(timestamp AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS timestamp
         FROM card_movements
        WHERE card_id = $1
        ORDER BY position`,
      [cardId],
    );
    return rows;
  }
}
