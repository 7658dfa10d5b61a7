import { cardMovements, cardStreamName, computeStock } from '@tcg/domain';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { readCardEvent } from './stored-event';

export interface StockDifference {
  cardId: string;
  stored: number;
  replayed: number;
}

export interface AuditOptions {
  db: Database;
  store: EventStore;
  concurrency?: number;
  onStart?(cards: number): void;
  onProgress?(checked: number): void;
}

/**
 * DESIGN §5: for every card, the stored `stock_final` against the stock folded (by the domain's one
 * implementation of the rule) from that card's own stream, read directly from the event store.
 */
export async function auditStock(options: AuditOptions): Promise<{ checked: number; differences: StockDifference[] }> {
  const { rows } = await options.db.query<{ id: string; stock_final: number }>('SELECT id, stock_final FROM cards ORDER BY id');
  options.onStart?.(rows.length);
  const differences: StockDifference[] = [];
  let next = 0;
  let checked = 0;
  const worker = async () => {
    for (let index = next++; index < rows.length; index = next++) {
      const { id, stock_final: stored } = rows[index];
      const events = await options.store.readStream(cardStreamName(id));
      const replayed = computeStock(cardMovements(events.map(readCardEvent)));
      if (replayed !== stored) differences.push({ cardId: id, stored, replayed });
      options.onProgress?.(++checked);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  differences.sort((a, b) => a.cardId.localeCompare(b.cardId));
  return { checked, differences };
}
