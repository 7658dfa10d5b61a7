import { type PageOptions, pagedAnswer } from '../../testing/paged-answer';
import type { StockCheckResponse, StockCheckRow } from '../api/get-stock-check';

export function auditRow(name: string, recorded: number, computed: number): StockCheckRow {
  return {
    id: `${name}_LOB-EN001_Ultra Rare_1st Edition_en`,
    name,
    set: 'Legend of Blue Eyes',
    setCode: 'LOB-EN001',
    rarity: 'Ultra Rare',
    edition: '1st Edition',
    language: 'en',
    recorded,
    computed,
    difference: recorded - computed,
  };
}

/** One page of the audit's answer; by default the only page, holding every matching card. */
export function auditPage(cards: StockCheckRow[], options?: PageOptions): StockCheckResponse {
  return { cards, ...pagedAnswer(cards.length, options) };
}
