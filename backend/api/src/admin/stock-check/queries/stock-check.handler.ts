import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { atCardsCheckpoint, compareStock, type Database, type EventStore, type Sql } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { EVENT_STORE } from '../../../event-store/event-store.module';
import { type StockCheckRow, StockCheckQuery } from './stock-check.query';

type CardRow = Omit<StockCheckRow, 'computed' | 'difference'>;

@QueryHandler(StockCheckQuery)
export class StockCheckHandler implements IQueryHandler<StockCheckQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * The page's rows and the cards projection's checkpoint in one snapshot, compared with the CLI's own
   * comparison (and so the domain's one stock fold) up to that checkpoint: a projector that is behind
   * shows no false difference.
   */
  async execute({ filter }: StockCheckQuery): Promise<StockCheckRow[]> {
    const { rows: cards, position } = await atCardsCheckpoint(this.db, (tx) => this.cards(tx, filter.q?.trim() ?? '', filter.cardId ?? null));
    const differences = await compareStock(
      this.store,
      cards.map((card) => ({ id: card.id, stock_final: card.recorded })),
      position,
    );
    const replayed = new Map(differences.map((found) => [found.cardId, found.replayed]));
    const rows = cards.map((card) => {
      const computed = replayed.get(card.id) ?? card.recorded;
      return { ...card, computed, difference: card.recorded - computed };
    });
    return filter.onlyDiff ? rows.filter((row) => row.difference !== 0) : rows;
  }

  private async cards(tx: Sql, q: string, cardId: string | null): Promise<CardRow[]> {
    const { rows } = await tx.query<CardRow>(
      `SELECT id, name, set_name AS "set", set_code AS "setCode", rarity, edition, language, stock_final AS recorded
         FROM cards
        WHERE ($1::text = '' OR id IN (SELECT id FROM card_search WHERE strpos(search_text, lower(immutable_unaccent($1::text))) > 0))
          AND ($2::text IS NULL OR id = $2::text)
        ORDER BY updated_at DESC, id`,
      [q, cardId],
    );
    return rows;
  }
}
