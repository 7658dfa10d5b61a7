import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createPostgresTestDatabase, SQL_ENGINES, TestDatabase } from '../testing';
import { collector, event, eventStoreContract, waitFor } from './event-store.contract';
import { EventIdReusedError } from './event-store.port';
import { openEventStore } from './open-event-store';
import { PAGE_SQL, PostgresEventStore, PROJECTED_PAGE_SQL } from './postgres-event-store';

// PGlite starts in seconds under a loaded test run, and each describe opens its own.
jest.setTimeout(30_000);

const engines = SQL_ENGINES;

describe.each(engines)('PostgresEventStore on %s', (_engine, create) => {
  describe('contract', () => {
    eventStoreContract(
      async () => {
        const test = await create();
        return { store: new PostgresEventStore(test.db), teardown: () => test.drop() };
      },
      { atomicAppendMany: true },
    );
  });

  describe('adapter', () => {
    let test: TestDatabase;
    let store: PostgresEventStore;

    beforeAll(async () => {
      test = await create();
      store = new PostgresEventStore(test.db);
    });
    afterAll(async () => {
      await store.close();
      await test.drop();
    });

    it('is named after its engine and picked by openEventStore without an EventStoreDB URL', () => {
      expect(store.name).toBe(test.db.kind);
      const picked = openEventStore({ db: test.db });
      expect(picked).toBeInstanceOf(PostgresEventStore);
      expect(picked.name).toBe(test.db.kind);
    });

    it('has its head at the start while it holds no event', async () => {
      const empty = await create();
      try {
        expect(await new PostgresEventStore(empty.db).head()).toBe(0);
      } finally {
        await empty.drop();
      }
    });

    it('shows a subscriber a new event within 100 ms', async () => {
      const id = `card-${randomUUID()}`;
      const { state, handler } = collector();
      const subscription = await store.subscribe(0, { streamPrefixes: [id] }, handler);
      try {
        const delays: number[] = [];
        for (let revision = 0; revision < 5; revision += 1) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          await store.append(id, [event('PriceSet', { revision })], revision === 0 ? 'no_stream' : revision - 1);
          const appended = Date.now();
          await waitFor(() => state.events.length === revision + 1, 2_000, `event ${revision}`);
          delays.push(Date.now() - appended);
        }
        expect(Math.max(...delays)).toBeLessThan(100);
      } finally {
        await subscription.close();
      }
    });

    it('refuses event ids reused in another stream or mixed with new ones', async () => {
      const reused = randomUUID();
      await store.append(`card-${randomUUID()}`, [event('StockAdded', {}, reused)], 'no_stream');
      await expect(store.append(`card-${randomUUID()}`, [event('StockAdded', {}, reused)], 'any')).rejects.toBeInstanceOf(
        EventIdReusedError,
      );
      const id = `card-${randomUUID()}`;
      const first = randomUUID();
      await store.append(id, [event('StockAdded', {}, first)], 'no_stream');
      await expect(store.append(id, [event('StockAdded', {}, first), event('StockSold')], 'any')).rejects.toBeInstanceOf(
        EventIdReusedError,
      );
      expect(await store.readStream(id)).toHaveLength(1);
    });

    it('refuses an empty append and an invalid expected revision', async () => {
      await expect(store.append('card-x', [], 'any')).rejects.toThrow('at least one event');
      await expect(store.append('card-x', [event('A')], -3)).rejects.toThrow('invalid expected revision');
    });

    it('commits a deferred append without waiting for its flush, and only that transaction', async () => {
      const syncOf = (deferred: boolean) =>
        test.db.transaction(async (tx) => {
          await tx.query('SELECT event_store_append($1, NULL, $2::jsonb, $3)', [
            `deferred-${randomUUID()}`,
            JSON.stringify([{ id: randomUUID(), type: 'StockReserved', data: {}, metadata: {} }]),
            deferred,
          ]);
          const { rows } = await tx.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
          return rows[0].synchronous_commit;
        });
      expect(await syncOf(true)).toBe('off');
      expect(await syncOf(false)).toBe('on');
      const after = await test.db.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(after.rows[0].synchronous_commit).toBe('on');
    });

    it('stores deferred and immediate appends alike, in order', async () => {
      const stream = `mixed-${randomUUID()}`;
      await store.append(stream, [event('StockReserved')], 'no_stream', { durability: 'deferred' });
      await store.append(stream, [event('OrderPlaced')], 0);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.revision, e.type])).toEqual([[0, 'StockReserved'], [1, 'OrderPlaced']]);
      expect(read[1].position).toBeGreaterThan(read[0].position);
    });
  });
});

describe('PostgresEventStore when its LISTEN connection is lost (PostgreSQL)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createPostgresTestDatabase();
  });
  afterAll(() => test.drop());

  const listener = async () =>
    (await test.db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%'")).rows.map((row) => row.pid);

  it('survives a terminated LISTEN backend, listens again and delivers within 100 ms once more', async () => {
    // A slow poll: only the notifications can meet the 100 ms.
    const store = new PostgresEventStore(test.db, { pollIntervalMs: 10_000 });
    const id = `card-${randomUUID()}`;
    const { state, handler } = collector();
    const subscription = await store.subscribe(0, { streamPrefixes: [id] }, handler);
    try {
      await store.append(id, [event('PriceSet', { n: 0 })], 'no_stream');
      await waitFor(() => state.events.length === 1, 2_000, 'the first event');
      const [first] = await listener();
      expect(first).toEqual(expect.any(Number));

      await test.db.query('SELECT pg_terminate_backend($1)', [first]);
      // An unhandled 'error' on the lost connection would end the test process here.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const deadline = Date.now() + 5_000;
      let again: number[] = [];
      while (Date.now() < deadline && !(again = await listener()).some((pid) => pid !== first)) await new Promise((r) => setTimeout(r, 50));
      expect(again.filter((pid) => pid !== first)).toHaveLength(1);

      await store.append(id, [event('PriceSet', { n: 1 })], 0);
      const appended = Date.now();
      await waitFor(() => state.events.length === 2, 2_000, 'the event after the reconnection');
      expect(Date.now() - appended).toBeLessThan(100);
    } finally {
      await subscription.close();
      await store.close();
    }
    expect(await listener()).toEqual([]);
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** Rows every node that reads `events` produced, over the whole plan. */
function eventRowsRead(node: PlanNode): number {
  const own = node['Relation Name'] === 'events' ? node['Actual Rows'] : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + eventRowsRead(child), 0);
}

describe.each(engines)('PostgresEventStore pages of a long log on %s', (_engine, create) => {
  const EVENTS = 30_000;
  const PAGE = 2_000;
  let test: TestDatabase;

  beforeAll(async () => {
    test = await create();
    // Positions below any transaction's: all of them under the page's bound. Not analyzed: PGlite has no
    // autovacuum, and a log just loaded or restored has no statistics until it runs.
    await test.db.exec(`
      INSERT INTO events (position, event_id, stream_id, revision, type, data, metadata)
      SELECT n, gen_random_uuid(), 'card-plan-' || (n % 100), n / 100, 'PriceSet', '{}', '{}' FROM generate_series(1, ${EVENTS}) AS n`);
  });
  afterAll(() => test.drop());

  it.each([
    ['subscriptions', PROJECTED_PAGE_SQL],
    ['readAll', PAGE_SQL],
  ])('reads only the page it returns, wherever it starts (%s)', async (_reader, sql) => {
    for (const after of [0, EVENTS / 2]) {
      const { rows } = await test.db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [after, PAGE, ['card-'], null]);
      const cell = rows[0]['QUERY PLAN'];
      const [{ Plan }] = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : cell;
      expect(Plan['Actual Rows']).toBe(PAGE);
      expect(eventRowsRead(Plan)).toBeLessThanOrEqual(PAGE);
    }
  });
});

describe('PostgresEventStore ordering under concurrent transactions (real PostgreSQL)', () => {
  let test: TestDatabase & { url: string };
  let store: PostgresEventStore;
  let older: Client;

  beforeAll(async () => {
    test = await createPostgresTestDatabase();
    store = new PostgresEventStore(test.db);
    older = new Client({ connectionString: test.url });
    await older.connect();
  });
  afterAll(async () => {
    await older.end();
    await store.close();
    await test.drop();
  });

  it('holds back an event that committed first until an older transaction, with a lower position, ends', async () => {
    const { state, handler } = collector();
    const subscription = await store.subscribe(0, {}, handler);
    try {
      // The older transaction takes its id first, so its event gets the lower position, yet commits last:
      // a reader of "everything after the last position I saw" would skip it.
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()');
      const late = await store.append('order-late', [event('OrderPlaced')], 'no_stream');
      await older.query('SELECT * FROM event_store_append($1, $2, $3::jsonb)', [
        'order-early',
        -1,
        JSON.stringify([{ id: randomUUID(), type: 'OrderPlaced', data: {}, metadata }]),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(state.events).toEqual([]);
      expect([...(await collect(store.readAll(0, 10)))]).toEqual([]);

      await older.query('COMMIT');
      await waitFor(() => state.events.length === 2, 2_000, 'both events');
      expect(state.events.map((e) => e.streamId)).toEqual(['order-early', 'order-late']);
      expect(state.events[0].position).toBeLessThan(late.position);
      expect(state.events[1].position).toBe(late.position);
    } finally {
      await subscription.close();
    }
  });
});

const metadata = { correlationId: randomUUID(), causationId: randomUUID(), actor: 'test', timestamp: new Date().toISOString() };

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}
