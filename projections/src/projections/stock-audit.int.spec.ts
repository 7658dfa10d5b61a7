import { PostgresEventStore } from '../event-store/postgres-event-store';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPgliteTestDatabase, createPostgresTestDatabase, type TestDatabase } from '../testing';
import { createProjections } from './projection-registry';
import { replayProjections } from './replay';
import { auditStock } from './stock-audit';

jest.setTimeout(120_000);

/** More cards than one read of streams takes (250), so the audit reads them in several groups at once. */
const CARDS = 620;

describe.each([
  ['PostgreSQL', () => createPostgresTestDatabase()],
  ['PGlite', () => createPgliteTestDatabase()],
])('auditing a catalogue read a group of streams at a time (%s)', (_engine, make) => {
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
});
