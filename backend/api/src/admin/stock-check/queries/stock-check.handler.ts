import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { atCardsCheckpoint, compareStock, type Database, type EventStore, type Sql, typedSetCode } from '@tcg/projections';
import { DATABASE } from '../../../database/database.module';
import { EVENT_STORE } from '../../../event-store/event-store.module';
import { pageInfo } from '../../../web/page-param';
import { STOCK_CHECK_PAGE_SIZE, type StockCheckFilter, type StockCheckPage, type StockCheckRow, StockCheckQuery } from './stock-check.query';

type CardRow = Omit<StockCheckRow, 'computed' | 'difference'>;

interface Selected {
  cards: CardRow[];
  /** Cards matching the filter, of which `cards` is the page (or all of them, for `onlyDiff`). */
  matching: number;
}

/** A name, ignoring accents and case, or the beginning of a set code ('LOB-EN0'; a typed dash, or a space before the number, read as its hyphen). */
const MATCHES = `($1::text = '' OR id IN (SELECT id FROM card_search WHERE strpos(search_text, lower(immutable_unaccent($1::text))) > 0)
                             OR starts_with(upper(set_code), $3::text))
          AND ($2::text IS NULL OR id = $2::text)`;

@QueryHandler(StockCheckQuery)
export class StockCheckHandler implements IQueryHandler<StockCheckQuery> {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * The page's rows and the cards projection's checkpoint in one snapshot, compared with the CLI's own
   * comparison (and so the domain's one stock fold) up to that checkpoint: a projector that is behind
   * shows no false difference. Only the page's cards are replayed, each from its own stream; with
   * `onlyDiff` every matching card must be, before the differing ones can be paged.
   */
  async execute({ filter }: StockCheckQuery): Promise<StockCheckPage> {
    const page = Math.max(1, filter.page ?? 1);
    const offset = (page - 1) * STOCK_CHECK_PAGE_SIZE;
    const { rows: selected, position } = await atCardsCheckpoint(this.db, (tx) => this.select(tx, filter, filter.onlyDiff ? null : offset));
    const audited = await this.audit(selected.cards, position);
    const differing = filter.onlyDiff ? audited.filter((row) => row.difference !== 0) : audited;
    return {
      cards: filter.onlyDiff ? differing.slice(offset, offset + STOCK_CHECK_PAGE_SIZE) : differing,
      ...pageInfo(page, STOCK_CHECK_PAGE_SIZE, filter.onlyDiff ? differing.length : selected.matching),
    };
  }

  private async audit(cards: CardRow[], position: number): Promise<StockCheckRow[]> {
    const differences = await compareStock(
      this.store,
      cards.map((card) => ({ id: card.id, stock_final: card.recorded })),
      position,
    );
    const replayed = new Map(differences.map((found) => [found.cardId, found.replayed]));
    return cards.map((card) => {
      const computed = replayed.get(card.id) ?? card.recorded;
      return { ...card, computed, difference: card.recorded - computed };
    });
  }

  /** The page at `offset`, or every matching card when `offset` is null. */
  private async select(tx: Sql, filter: StockCheckFilter, offset: number | null): Promise<Selected> {
    const q = filter.q?.trim() ?? '';
    const params = [q, filter.cardId ?? null, typedSetCode(q)];
    const { rows: cards } = await tx.query<CardRow>(
      `SELECT id, name, set_name AS "set", set_code AS "setCode", rarity, edition, language, stock_final AS recorded
         FROM cards
        WHERE ${MATCHES}
        ORDER BY updated_at DESC, id
        ${offset === null ? '' : 'LIMIT $4 OFFSET $5'}`,
      offset === null ? params : [...params, STOCK_CHECK_PAGE_SIZE, offset],
    );
    if (offset === null) return { cards, matching: cards.length };
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM cards WHERE ${MATCHES}`, params);
    return { cards, matching: rows[0].n };
  }
}
