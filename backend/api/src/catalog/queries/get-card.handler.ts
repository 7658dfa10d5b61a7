import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CardDetail } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import { DATABASE } from '../../database/database.module';
import { CARD_SUMMARY_COLUMNS } from './card-rows';
import { GetCardQuery } from './get-card.query';

@QueryHandler(GetCardQuery)
export class GetCardHandler implements IQueryHandler<GetCardQuery> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async execute({ cardId }: GetCardQuery): Promise<CardDetail | null> {
    // The breadcrumb names the set as the sets table does; a card uploaded before its set was
    // registered still shows the set name it was listed with, and no link to a page the set does not have.
    const { rows } = await this.db.query<CardDetail>(
      `SELECT ${CARD_SUMMARY_COLUMNS}, COALESCE(s.name, c.set_name) AS "setName", s.id IS NOT NULL AS "setListed",
              to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
         FROM cards c LEFT JOIN sets s ON s.id = c.set_id
        WHERE c.id = $1`,
      [cardId],
    );
    return rows[0] ?? null;
  }
}
