import { cardMovements, cardStreamName, computeStock } from '@tcg/domain';
import { inParallel } from '../db/in-parallel';
import { nextTurn } from '../db/next-turn';
import type { Database, Sql } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { CARDS_PROJECTION } from './cards.projection';
import { readCheckpoint } from './checkpoints';
import { sqlStore } from './store-head';
import { readCardEvent } from './stored-event';

export interface StockDifference {
  cardId: string;
  stored: number;
  replayed: number;
  /**
   * The row's card has no event in the log up to the checkpoint: no event made the row, whatever its
   * stock (a row written by hand, or a stream lost), so it differs even at 0.
   */
  noEvents?: true;
  /**
   * The log takes the card below zero (more reserved or sold than received): no decider lets that through,
   * so a hand-made event or a bug did; the stored row agreeing with it is no comfort.
   */
  negative?: true;
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
  /** The recorded error when the cards projection is halted: its rows then stop at `position`. */
  halted: string | null;
  /**
   * Cards the log lists (up to `position`) that have no row at all; null where the store cannot list its
   * streams cheaply (EventStoreDB), so they were not looked for.
   */
  missingRows: string[] | null;
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
export async function atCardsCheckpoint<T>(db: Database, select: (tx: Sql) => Promise<T>): Promise<{ rows: T; position: number; halted: string | null }> {
  return db.transaction(async (tx) => {
    await tx.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const checkpoint = await readCheckpoint(tx, CARDS_PROJECTION);
    const halted = checkpoint?.state === 'halted' ? (checkpoint.lastError ?? 'halted') : null;
    return { rows: await select(tx), position: checkpoint?.position ?? 0, halted };
  });
}

/** The card streams whose first event is at or before `position`: a card the log had listed by then. */
async function cardsInLog(db: Database, store: EventStore, position: number): Promise<string[] | null> {
  if (!sqlStore(store)) return null;
  const prefix = cardStreamName('');
  const { rows } = await db.query<{ stream_id: string }>(
    'SELECT stream_id FROM events WHERE stream_id ^@ $1 AND revision = 0 AND position <= $2',
    [prefix, position],
  );
  return rows.map((row) => row.stream_id.slice(prefix.length));
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
    await nextTurn();
    const streams = await store.readStreams(group.map((card) => cardStreamName(card.id)));
    for (const { id, stock_final: stored } of group) {
      const events = (streams.get(cardStreamName(id)) ?? []).filter((event) => event.position <= position);
      const replayed = computeStock(cardMovements(events.map(readCardEvent)));
      if (events.length === 0) differences.push({ cardId: id, stored, replayed, noEvents: true });
      else if (replayed < 0) differences.push({ cardId: id, stored, replayed, negative: true });
      else if (replayed !== stored) differences.push({ cardId: id, stored, replayed });
    }
    checked += group.length;
    options.onProgress?.(checked);
  });
  return differences.sort((a, b) => a.cardId.localeCompare(b.cardId));
}

/**
 * The operators' audit (`tcg audit`): every card of the read model, every card of the log without a row
 * (SQL event stores), and whether the cards projection is halted.
 */
export async function auditStock(options: AuditOptions): Promise<AuditResult> {
  const { rows, position, halted } = await atCardsCheckpoint(options.db, async (tx) =>
    (await tx.query<StoredStock>('SELECT id, stock_final FROM cards ORDER BY id')).rows,
  );
  const head = await options.store.head();
  const stored = new Set(rows.map((row) => row.id));
  const missingRows = (await cardsInLog(options.db, options.store, position))?.filter((id) => !stored.has(id)).sort() ?? null;
  options.onStart?.(rows.length);
  const differences = await compareStock(options.store, rows, position, options);
  return { checked: rows.length, differences, position, head, halted, missingRows };
}
