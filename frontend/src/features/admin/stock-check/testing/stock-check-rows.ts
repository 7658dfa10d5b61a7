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

export const AUDIT_PAGE_SIZE = 50;

/** One page of the audit's answer; by default the only page, holding every matching card. */
export function auditPage(
  cards: StockCheckRow[],
  { page = 1, total = cards.length }: { page?: number; total?: number } = {},
): StockCheckResponse {
  return { cards, page, pageSize: AUDIT_PAGE_SIZE, total, totalPages: Math.ceil(total / AUDIT_PAGE_SIZE) };
}
