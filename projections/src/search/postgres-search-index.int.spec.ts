import type { Database, Sql } from '../db/sql';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendEvents, createPgliteTestDatabase, createPostgresTestDatabase, listingEvents, projectAll, SEARCH_FIXTURE, type TestDatabase } from '../testing';
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

/** The search's statements with their parameters, as it ran them. */
function recording(db: Database): { db: Database; statements: { text: string; params: readonly unknown[] }[] } {
  const statements: { text: string; params: readonly unknown[] }[] = [];
  const record = (sql: Sql): Sql => ({
    query: (text, params) => {
      statements.push({ text, params: params ?? [] });
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
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
  return { db: spied, statements };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** Rows read from the `cards` heap: a sequential scan's rows, or an index scan's heap fetches. */
function cardsHeapRows(node: PlanNode): number {
  const own = node['Relation Name'] !== 'cards' ? 0
    : node['Node Type'] === 'Seq Scan' ? node['Actual Rows']
    : node['Node Type'] === 'Index Only Scan' ? (node['Heap Fetches'] ?? 0)
    : node['Node Type'] === 'Index Scan' ? node['Actual Rows'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + cardsHeapRows(child), 0);
}

const CATALOGUE = 20_000;

describe.each([
  ['PostgreSQL', () => createPostgresTestDatabase()],
  ['PGlite', () => createPgliteTestDatabase()],
])('browsing a large catalogue without words (%s)', (_engine, make) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await make();
    await test.db.exec(`
      INSERT INTO cards (id, name, default_name, rarity, edition, set_name, set_code, set_id, language, stock_final, last_sale_price)
      SELECT 'card-' || n, 'Carta ' || n, 'Card ' || n, (ARRAY['Common', 'Rare', 'Super Rare', 'Ultra Rare'])[1 + n % 4],
             '1st Edition', 'Set ' || n % 100, 'S' || lpad((n % 100)::text, 3, '0') || '-EN001', 'S' || lpad((n % 100)::text, 3, '0'),
             (ARRAY['Inglés', 'Español', 'Japonés'])[1 + n % 3], n % 7, 100 + n
        FROM generate_series(1, ${CATALOGUE}) AS n`);
    await test.db.exec('VACUUM ANALYZE cards');
  }, 120_000);
  afterAll(() => test.drop());

  it.each([
    ['the whole catalogue', {}],
    ['only in stock, one language', { inStockOnly: true, languages: ['Español'] }],
    ['one set', { setId: 'S042' }],
  ])('counts %s from an index, never reading every card', async (_label, filter) => {
    const { db, statements } = recording(test.db);
    const answer = await new PostgresSearchIndex(db).search({ q: '', languages: [], rarities: [], inStockOnly: false, sort: 'az', page: 1, ...filter });
    expect(answer.total).toBeGreaterThan(0);
    const searches = statements.filter(({ text }) => text.includes('counts AS MATERIALIZED'));
    expect(searches).toHaveLength(1);
    const { text, params } = searches[0];
    const { rows } = await test.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params);
    const cell = rows[0]['QUERY PLAN'];
    const [{ Plan }] = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell;
    // The page's 12 hits are read from the heap; counting must not be.
    expect(cardsHeapRows(Plan)).toBeLessThan(CATALOGUE / 10);
  });
});
