import { PgDatabase } from '../db/pg-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendEvents, createPostgresTestDatabase, listingEvents, SEARCH_FIXTURE, TestDatabase } from '../testing';
import { cardsProjection } from './cards.projection';
import { readCheckpoint } from './checkpoints';
import { ProjectionRunner } from './projection-runner';
import { ProjectionWaiter } from './projection-waiter';
import { replayProjection } from './replay';

jest.setTimeout(30_000);

let database: TestDatabase & { url: string };
let store: PostgresEventStore;
const others: PgDatabase[] = [];

/** A second "process": its own pool, so its lock session is its own. */
function otherProcess(): { db: PgDatabase; store: PostgresEventStore } {
  const db = new PgDatabase({ connectionString: database.url });
  others.push(db);
  return { db, store: new PostgresEventStore(db, { pollIntervalMs: 50 }) };
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  store = new PostgresEventStore(database.db, { pollIntervalMs: 50 });
});

afterAll(async () => {
  await store.close();
  await Promise.all(others.map((db) => db.close()));
  await database.drop();
});

it('lets one runner per projection apply events; the other stands by and takes over', async () => {
  const a = otherProcess();
  const b = otherProcess();
  const first = new ProjectionRunner({ ...a, projection: cardsProjection(), retryMs: 50 });
  const second = new ProjectionRunner({ ...b, projection: cardsProjection(), retryMs: 50 });
  const waiter = new ProjectionWaiter(database.db, ['cards']);
  first.start();
  await waiter.waitFor(1, 100);
  second.start();
  const one = listingEvents(SEARCH_FIXTURE[0]);
  expect(await waiter.waitFor(await appendEvents(store, one.streamId, one.events), 5000)).toBe(true);
  expect([first.state, second.state].sort()).toEqual(['running', 'standby']);

  await (first.state === 'running' ? first : second).stop();
  const two = listingEvents(SEARCH_FIXTURE[1]);
  expect(await waiter.waitFor(await appendEvents(store, two.streamId, two.events), 5000)).toBe(true);
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards');
  expect(rows[0].n).toBe(2);
  expect((await readCheckpoint(database.db, 'cards'))?.eventsApplied).toBe(one.events.length + two.events.length);

  const replayed = await replayProjection({ db: database.db, store, projection: cardsProjection(), pollMs: 20 });
  expect(replayed.ranHere).toBe(false);
  expect((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards')).rows[0].n).toBe(2);
  await Promise.all([first.stop(), second.stop()]);
});

it('answers false at once for a position past the newest event, and still waits for one the log has', async () => {
  const runner = new ProjectionRunner({ db: database.db, store, projection: cardsProjection(), retryMs: 20 });
  const waiter = new ProjectionWaiter(database.db, ['cards'], 15, () => store.head());
  const started = Date.now();
  expect(await waiter.waitFor(Number.MAX_SAFE_INTEGER, 2000)).toBe(false);
  expect(Date.now() - started).toBeLessThan(500);
  const card = listingEvents(SEARCH_FIXTURE[2]);
  const written = await appendEvents(store, card.streamId, card.events);
  const waiting = waiter.waitFor(written, 5000);
  runner.start();
  try {
    expect(await waiting).toBe(true);
  } finally {
    await runner.stop();
  }
});

it('answers false at once for a halted projection and after the timeout for one behind', async () => {
  const waiter = new ProjectionWaiter(database.db, ['cards']);
  const started = Date.now();
  expect(await waiter.waitFor(Number.MAX_SAFE_INTEGER, 200)).toBe(false);
  expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  await database.db.query(`UPDATE projection_checkpoints SET state = 'halted' WHERE name = 'cards'`);
  const quick = Date.now();
  expect(await waiter.waitFor(Number.MAX_SAFE_INTEGER, 2000)).toBe(false);
  expect(Date.now() - quick).toBeLessThan(500);
});

it('tells once that its projection is halted, with the recorded error, and again after a new halt', async () => {
  const halts: string[] = [];
  // Not tried again on taking it up: this halt was set by hand, with no event behind it to fail again.
  const runner = new ProjectionRunner({ db: database.db, store, projection: cardsProjection(), retryMs: 20, retryHalted: false, onHalted: (error) => halts.push(error) });
  await database.db.query(`UPDATE projection_checkpoints SET state = 'halted', last_error = 'first' WHERE name = 'cards'`);
  runner.start();
  const until = async (done: () => boolean) => {
    for (const started = Date.now(); !done() && Date.now() - started < 5000; ) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await until(() => runner.state === 'halted');
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(halts).toEqual(['first']);
  await replayProjection({ db: database.db, store, projection: cardsProjection(), pollMs: 20 });
  await until(() => runner.state === 'running');
  // Halted by another process: a running runner finds out at its next batch.
  await database.db.query(`UPDATE projection_checkpoints SET state = 'halted', last_error = 'second' WHERE name = 'cards'`);
  const next = listingEvents(SEARCH_FIXTURE[2]);
  await appendEvents(store, next.streamId, next.events);
  await until(() => halts.length === 2);
  expect(halts).toEqual(['first', 'second']);
  await runner.stop();
});

describe('a halted projection taken up by a starting projector', () => {
  it('is tried again from its checkpoint: halted under earlier code, it runs on when the cause is gone', async () => {
    const retried: string[] = [];
    await replayProjection({ db: database.db, store, projection: cardsProjection(), pollMs: 20 });
    const card = listingEvents(SEARCH_FIXTURE[3]);
    const written = await appendEvents(store, card.streamId, card.events);
    // As an earlier version left it: halted on an event this code applies.
    await database.db.query(`UPDATE projection_checkpoints SET state = 'halted', last_error = 'integer out of range' WHERE name = 'cards'`);
    const runner = new ProjectionRunner({ db: database.db, store, projection: cardsProjection(), retryMs: 20, onRetryingHalted: (error) => retried.push(error) });
    const waiter = new ProjectionWaiter(database.db, ['cards']);
    runner.start();
    try {
      // The waiter answers false at once while the projection is halted: ask once the runner took it up.
      for (const started = Date.now(); retried.length === 0 && Date.now() - started < 5000; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waiter.waitFor(written, 5000)).toBe(true);
      expect(retried).toEqual(['integer out of range']);
      expect(runner.state).toBe('running');
      expect(await readCheckpoint(database.db, 'cards')).toMatchObject({ state: 'running', lastError: null });
    } finally {
      await runner.stop();
    }
  });

  it('halts again, recorded anew, on an event it still cannot apply', async () => {
    const other = await createPostgresTestDatabase();
    const otherStore = new PostgresEventStore(other.db, { pollIntervalMs: 50 });
    const halts: string[] = [];
    const runner = new ProjectionRunner({ db: other.db, store: otherStore, projection: cardsProjection(), retryMs: 20, onHalted: (error) => halts.push(error) });
    try {
      const card = listingEvents(SEARCH_FIXTURE[0]);
      await appendEvents(otherStore, card.streamId, card.events);
      await otherStore.append(card.streamId, [{ type: 'StockAdded', data: { cardId: card.id, quantity: 'three' }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
      await other.db.query(
        `INSERT INTO projection_checkpoints (name, position, state, last_error) VALUES ('cards', 0, 'halted', 'as recorded earlier')
         ON CONFLICT (name) DO UPDATE SET state = 'halted', last_error = 'as recorded earlier'`,
      );
      runner.start();
      for (const started = Date.now(); halts.length === 0 && Date.now() - started < 5000; ) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(halts).toEqual([expect.stringMatching(/^event StockAdded at position \d+ on card-/)]);
      expect(await readCheckpoint(other.db, 'cards')).toMatchObject({ state: 'halted', lastError: halts[0] });
      const { rows } = await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards');
      expect(rows[0].n).toBe(1);
    } finally {
      await runner.stop();
      await otherStore.close();
      await other.drop();
    }
  });
});
