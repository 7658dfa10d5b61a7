import { cardMovements, cardStreamName, computeStock } from '@tcg/domain';
import type { Database, Sql } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { CARDS_PROJECTION } from './cards.projection';
import { readCheckpoint } from './checkpoints';
import { requireHead } from './store-head';
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

export interface AuditResult {
  checked: number;
  differences: StockDifference[];
  /** The cards projection's checkpoint the stored rows were read at: events after it are not in them. */
  position: number;
  /** The store's head: when it is past `position`, the cards that later events list or move are audited as of `position`. */
  head: number;
}

/** A card's stored stock, as the cards read model holds it. */
export interface StoredStock {
  id: string;
  stock_final: number;
}

/**
 * Reads what `select` returns from the read models together with the cards projection's checkpoint, in
 * one snapshot: the rows then hold exactly the events up to that position.
 */
export async function atCardsCheckpoint<T>(db: Database, select: (tx: Sql) => Promise<T>): Promise<{ rows: T; position: number }> {
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const checkpoint = await readCheckpoint(tx, CARDS_PROJECTION);
    return { rows: await select(tx), position: checkpoint?.position ?? 0 };
  });
}

/**
 * DESIGN §5: each card's stored stock against the stock folded (by the domain's one implementation of
 * the rule) from that card's own stream, read directly from the event store, up to `position`, the
 * checkpoint the stored rows were read at: a projection that is behind, or moving, shows no false difference.
 */
export async function compareStock(
  store: EventStore,
  cards: readonly StoredStock[],
  position: number,
  options: Pick<AuditOptions, 'concurrency' | 'onProgress'> = {},
): Promise<StockDifference[]> {
  const differences: StockDifference[] = [];
  let next = 0;
  let checked = 0;
  const worker = async () => {
    for (let index = next++; index < cards.length; index = next++) {
      const { id, stock_final: stored } = cards[index];
      const events = (await store.readStream(cardStreamName(id))).filter((event) => event.position <= position);
      const replayed = computeStock(cardMovements(events.map(readCardEvent)));
      if (replayed !== stored) differences.push({ cardId: id, stored, replayed });
      options.onProgress?.(++checked);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  return differences.sort((a, b) => a.cardId.localeCompare(b.cardId));
}

/** The operators' audit: every card of the read model (`tcg audit`). */
export async function auditStock(options: AuditOptions): Promise<AuditResult> {
  const { rows, position } = await atCardsCheckpoint(options.db, async (tx) =>
    (await tx.query<StoredStock>('SELECT id, stock_final FROM cards ORDER BY id')).rows,
  );
  const head = await requireHead(options.db, options.store);
  options.onStart?.(rows.length);
  const differences = await compareStock(options.store, rows, position, options);
  return { checked: rows.length, differences, position, head };
}
