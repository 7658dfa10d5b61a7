import { Query } from '@nestjs/cqrs';
import type { PageInfo } from '../../../web/page-param';

/** One card of the stock audit (spec §2 Admin stock audit). */
export interface StockCheckRow {
  id: string;
  name: string;
  set: string;
  setCode: string;
  rarity: string;
  edition: string;
  language: string;
  /** The stored read model's `stock_final`. */
  recorded: number;
  /** Replayed from the card's own event stream. */
  computed: number;
  /** Spec §4: recorded minus computed. */
  difference: number;
}

export interface StockCheckFilter {
  /** Part of a name, accents and case ignored; blank for every card. */
  q?: string;
  /** Only cards whose recorded and computed stock differ ('Solo con diferencia'). */
  onlyDiff?: boolean;
  /** One card only: the row the add-stock dialog just changed. */
  cardId?: string;
  /** From 1; a page past the last has no cards. */
  page?: number;
}

/** Cards audited per page: each one's stock is folded from its own stream. */
export const STOCK_CHECK_PAGE_SIZE = 50;

/** `total` counts the cards matching the filter (with `onlyDiff`, those that differ). */
export interface StockCheckPage extends PageInfo {
  cards: StockCheckRow[];
}

/** Spec §7: cards ordered by updatedAt descending, each with its audit, a page at a time. */
export class StockCheckQuery extends Query<StockCheckPage> {
  constructor(readonly filter: StockCheckFilter) {
    super();
  }
}
