import { cardMovements, cardStreamName, computeStock } from '@tcg/domain';
import { inParallel } from '../db/in-parallel';
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
  /** `readStreams` calls in flight (default 2: one read while the last one is folded). */
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

/** Cards whose streams one `readStreams` call reads: about 3,700 events at 15 a card. */
const STREAMS_PER_READ = 250;

/**
 * DESIGN §5: each card's stored stock against the stock folded (by the domain's one implementation of
 * the rule) from that card's own stream, read directly from the event store, up to `position`, the
 * checkpoint the stored rows were read at: a projection that is behind, or moving, shows no false
 * difference. The streams are read `STREAMS_PER_READ` at a time (one query on PostgreSQL instead of
 * one per card), `concurrency` reads in flight.
 */
export async function compareStock(
  store: EventStore,
  cards: readonly StoredStock[],
  position: number,
  options: Pick<AuditOptions, 'concurrency' | 'onProgress'> = {},
): Promise<StockDifference[]> {
  const differences: StockDifference[] = [];
  const groups: StoredStock[][] = [];
  for (let start = 0; start < cards.length; start += STREAMS_PER_READ) groups.push(cards.slice(start, start + STREAMS_PER_READ));
  let checked = 0;
  await inParallel(groups, options.concurrency ?? 2, async (group) => {
    const streams = await store.readStreams(group.map((card) => cardStreamName(card.id)));
    for (const { id, stock_final: stored } of group) {
      const events = (streams.get(cardStreamName(id)) ?? []).filter((event) => event.position <= position);
      const replayed = computeStock(cardMovements(events.map(readCardEvent)));
      if (replayed !== stored) differences.push({ cardId: id, stored, replayed });
    }
    checked += group.length;
    options.onProgress?.(checked);
  });
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
