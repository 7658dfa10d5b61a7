import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { auditStock, type Database, type EventStore } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { EVENT_STORE } from '../../../event-store/event-store.module';
import { type StockCheckRow, StockCheckQuery } from './stock-check.query';

type CardRow = Omit<StockCheckRow, 'computed' | 'difference'>;

/**
 * `auditStock` reads the cards it audits with a single query. Answering that query with the rows this
 * page already read audits exactly those cards, against the very `stock_final` the page shows, with
 * the CLI's own comparison (and so the domain's one stock fold).
 */
function snapshotOf(rows: CardRow[]): Database {
  const audited = rows.map((row) => ({
    id: row.id,
    stock_final: row.recorded,
  }));
  return {
    query: async () => ({ rows: audited, rowCount: audited.length }),
  } as unknown as Database;
}

@QueryHandler(StockCheckQuery)
export class StockCheckHandler implements IQueryHandler<StockCheckQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async execute({ filter }: StockCheckQuery): Promise<StockCheckRow[]> {
    const cards = await this.cards(filter.q?.trim() ?? '', filter.cardId ?? null);
    const { differences } = await auditStock({
      db: snapshotOf(cards),
      store: this.store,
    });
    const replayed = new Map(differences.map((found) => [found.cardId, found.replayed]));
    const rows = cards.map((card) => {
      const computed = replayed.get(card.id) ?? card.recorded;
      return { ...card, computed, difference: card.recorded - computed };
    });
    return filter.onlyDiff ? rows.filter((row) => row.difference !== 0) : rows;
  }

  private async cards(q: string, cardId: string | null): Promise<CardRow[]> {
    const { rows } = await this.db.query<CardRow>(
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
