import type { Database, Sql } from '../db/sql';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendEvents, createPgliteTestDatabase, createPostgresTestDatabase, listingEvents, projectAll, SEARCH_FIXTURE, SQL_ENGINES, type TestDatabase } from '../testing';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchIndexContract } from './search-index.contract';

async function subject(make: () => Promise<TestDatabase>) {
  const database = await make();
  const store = new PostgresEventStore(database.db);
  for (const card of SEARCH_FIXTURE) {
    const { streamId, events } = listingEvents(card);
    await appendEvents(store, streamId, events);
  }
  await projectAll(database.db, store);
  return {
    index: new PostgresSearchIndex(database.db),
    async teardown() {
      await store.close();
      await database.drop();
    },
  };
}

describe('PostgresSearchIndex on PostgreSQL', () => {
  searchIndexContract(() => subject(() => createPostgresTestDatabase()));
});

describe('PostgresSearchIndex on PGlite', () => {
  searchIndexContract(() => subject(() => createPgliteTestDatabase()));
});

// QA: on a database created with the C locale, `lower()` leaves 'É' alone, while the rarity typed was lowered
// in JavaScript: even the exact spelling found nothing.
describe('PostgresSearchIndex on a PostgreSQL database with the C locale', () => {
  it('finds a rarity with an accented capital as spelt, and in another case of its plain letters', async () => {
    const database = await createPostgresTestDatabase({ locale: 'C' });
    const store = new PostgresEventStore(database.db);
    try {
      const card = listingEvents({ name: 'Blue-Eyes White Dragon', setCode: 'LOB-001', rarity: 'Élite Rare', salePrice: 500 });
      await appendEvents(store, card.streamId, card.events);
      await projectAll(database.db, store);
      const index = new PostgresSearchIndex(database.db);
      const found = async (rarity: string) =>
        (await index.search({ q: '', languages: [], rarities: [rarity], inStockOnly: false, sort: 'az', page: 1 })).hits.map((hit) => hit.id);
      expect(await found('Élite Rare')).toEqual([card.id]);
      expect(await found('Élite RARE')).toEqual([card.id]);
    } finally {
      await store.close();
      await database.drop();
    }
  });
});

interface Recorded {
  /** The statements without parameters (the transaction's settings), in order. */
  settings: string[];
  statements: { text: string; params: readonly unknown[] }[];
}

/** The search's statements with their parameters, and the settings it ran them under. */
function recording(db: Database): { db: Database } & Recorded {
  const settings: string[] = [];
  const statements: Recorded['statements'] = [];
  const record = (sql: Sql): Sql => ({
    query: (text, params) => {
      statements.push({ text, params: params ?? [] });
      return sql.query(text, params);
    },
    exec: (text) => {
      settings.push(text);
      return sql.exec(text);
    },
    copyRows: (table, columns, text) => sql.copyRows(table, columns, text),
  });
  const transaction: Database['transaction'] = (work) => db.transaction((tx) => work(record(tx)));
  const spied = new Proxy(db, {
    get: (target, property) => {
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: spied, settings, statements };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  /** Per loop: a nested loop's inner side runs once per outer row. */
  'Actual Rows': number;
  'Actual Loops': number;
  /** Over all loops. */
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** Rows read from the `cards` heap: a sequential scan's rows, or an index scan's heap fetches. */
function cardsHeapRows(node: PlanNode): number {
  const rows = node['Actual Rows'] * node['Actual Loops'];
  const own = node['Relation Name'] !== 'cards' ? 0
    : node['Node Type'] === 'Seq Scan' || node['Node Type'] === 'Index Scan' || node['Node Type'] === 'Bitmap Heap Scan' ? rows
    : node['Node Type'] === 'Index Only Scan' ? (node['Heap Fetches'] ?? 0) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + cardsHeapRows(child), 0);
}

const CATALOGUE = 20_000;

describe.each(SQL_ENGINES)('searching a large catalogue (%s)', (_engine, make) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await make();
    await test.db.exec(`
      INSERT INTO cards (id, name, default_name, rarity, edition, set_name, set_code, set_id, language, stock_final, last_sale_price, position)
      SELECT 'card-' || n, 'Carta ' || n, 'Card ' || n, (ARRAY['Common', 'Rare', 'Super Rare', 'Ultra Rare'])[1 + n % 4],
             '1st Edition', 'Set ' || n % 100, 'S' || lpad((n % 100)::text, 3, '0') || '-EN001', 'S' || lpad((n % 100)::text, 3, '0'),
             (ARRAY['Inglés', 'Español', 'Japonés'])[1 + n % 3], n % 7, 100 + n, n
        FROM generate_series(1, ${CATALOGUE}) AS n`);
    // One card in three has the word the common-word search below looks for.
    await test.db.exec(`
      INSERT INTO card_search (id, name, default_name)
      SELECT id, name || CASE WHEN position % 3 = 0 THEN ' Dragón' ELSE '' END, default_name FROM cards`);
    await test.db.exec('VACUUM ANALYZE cards');
    await test.db.exec('VACUUM ANALYZE card_search');
  }, 120_000);
  afterAll(() => test.drop());

  it.each([
    ['the whole catalogue', {}],
    ['only in stock, one language', { inStockOnly: true, languages: ['Español'] }],
    ['one set', { setId: 'S042' }],
    ['a word a third of the cards have', { q: 'dragon' }],
    ['a word a third of the cards have, sorted by price, in stock', { q: 'dragon', sort: 'priceDesc' as const, inStockOnly: true }],
  ])('counts %s from an index, never reading every card', async (_label, filter) => {
    const { db, settings, statements } = recording(test.db);
    const answer = await new PostgresSearchIndex(db).search({ q: '', languages: [], rarities: [], inStockOnly: false, sort: 'az', page: 1, ...filter });
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.hits).toHaveLength(12);
    const searches = statements.filter(({ text }) => text.includes('counts AS MATERIALIZED'));
    expect(searches).toHaveLength(1);
    const { text, params } = searches[0];
    // Planned as the search plans it: in a transaction with the same settings.
    const { rows } = await test.db.transaction(async (tx) => {
      for (const setting of settings) await tx.exec(setting);
      return tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    });
    const cell = rows[0]['QUERY PLAN'];
    const [{ Plan }] = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell;
    // The page's 12 hits are read from the heap; counting must not be.
    expect(cardsHeapRows(Plan)).toBeLessThan(CATALOGUE / 10);
  });
});
