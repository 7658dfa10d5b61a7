import { Query } from '@nestjs/cqrs';

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
}

/** Spec §7: cards ordered by updatedAt descending, each with its audit. */
export class StockCheckQuery extends Query<StockCheckRow[]> {
  constructor(readonly filter: StockCheckFilter) {
    super();
  }
}
