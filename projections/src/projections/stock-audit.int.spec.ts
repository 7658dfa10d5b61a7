import { PostgresEventStore } from '../event-store/postgres-event-store';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { appendEvents, createPostgresTestDatabase, listingEvents, projectAll, SQL_ENGINES, type TestDatabase } from '../testing';
import { createProjections } from './projection-registry';
import { replayProjections } from './replay';
import { auditStock } from './stock-audit';

jest.setTimeout(120_000);

/** More cards than one read of streams takes (250), so the audit reads them in several groups at once. */
const CARDS = 620;

describe.each(SQL_ENGINES)('auditing a catalogue read a group of streams at a time (%s)', (_engine, make) => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await make();
    store = new PostgresEventStore(database.db);
    await seedSynthetic({ store, cards: CARDS, events: 6000, concurrency: 2 });
    await replayProjections({ db: database.db, store, projections: createProjections() });
  });
  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('finds no difference in a consistent catalogue, and reports progress up to every card', async () => {
    const progress: number[] = [];
    const result = await auditStock({ db: database.db, store, onProgress: (checked) => progress.push(checked) });
    expect(result.checked).toBe(CARDS);
    expect(result.differences).toEqual([]);
    expect(result.missingRows).toEqual([]);
    expect(result.halted).toBeNull();
    expect(progress.at(-1)).toBe(CARDS);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('names exactly the cards whose stored stock was changed, whichever group they fall in', async () => {
    const { rows } = await database.db.query<{ id: string; stock_final: number }>('SELECT id, stock_final FROM cards ORDER BY id');
    const changed = [rows[0], rows[260], rows[CARDS - 1]];
    for (const card of changed) await database.db.query('UPDATE cards SET stock_final = stock_final + 3 WHERE id = $1', [card.id]);
    try {
      const result = await auditStock({ db: database.db, store });
      expect(result.differences).toEqual(changed.map((card) => ({ cardId: card.id, stored: card.stock_final + 3, replayed: card.stock_final })));
    } finally {
      for (const card of changed) await database.db.query('UPDATE cards SET stock_final = stock_final - 3 WHERE id = $1', [card.id]);
    }
  });

  it('names a card of the log whose row is gone, and a halted projection', async () => {
    const { rows } = await database.db.query<Record<string, unknown>>('SELECT * FROM cards ORDER BY id LIMIT 1');
    const [gone] = rows;
    await database.db.query('DELETE FROM cards WHERE id = $1', [gone.id]);
    await database.db.query(`UPDATE projection_checkpoints SET state = 'halted', last_error = 'event X at position 1 on card-Y: boom' WHERE name = 'cards'`);
    try {
      const result = await auditStock({ db: database.db, store });
      expect(result.missingRows).toEqual([gone.id]);
      expect(result.checked).toBe(CARDS - 1);
      expect(result.halted).toBe('event X at position 1 on card-Y: boom');
    } finally {
      await database.db.query(`UPDATE projection_checkpoints SET state = 'running', last_error = NULL WHERE name = 'cards'`);
      const columns = Object.keys(gone).filter((column) => !['price', 'sort_name', 'search_name'].includes(column));
      await database.db.query(
        `INSERT INTO cards (${columns.map((column) => `"${column}"`).join(', ')}) SELECT ${columns.map((column) => `"${column}"`).join(', ')} FROM json_populate_record(NULL::cards, $1::json)`,
        [JSON.stringify(gone)],
      );
    }
    expect((await auditStock({ db: database.db, store })).missingRows).toEqual([]);
  });
});

describe('auditing stock that the log takes below zero', () => {
  it('names a card whose replayed stock is negative, though its row agrees with the log', async () => {
    const database = await createPostgresTestDatabase();
    const store = new PostgresEventStore(database.db);
    try {
      const card = listingEvents({ name: 'Jinzo', setCode: 'PSV-000', rarity: 'Secret Rare', salePrice: 5000, stock: 1 });
      await appendEvents(store, card.streamId, card.events);
      // Only a write that skipped the decider (a hand-made event, a bug) takes more than a card holds.
      await appendEvents(store, card.streamId, [
        { type: 'StockReserved', version: 1, data: { cardId: card.id, reservationId: 'r1', orderId: 'o1', quantity: 10, at: '2025-01-15T15:00:00.000Z' } },
      ]);
      await projectAll(database.db, store);
      const result = await auditStock({ db: database.db, store });
      expect(result.differences).toEqual([{ cardId: card.id, stored: -9, replayed: -9, negative: true }]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});
