import type { Database } from '../db/sql';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPgliteTestDatabase, createPostgresTestDatabase, readModelChecksums, TestDatabase } from '../testing';
import { rebuildProjection } from './blue-green';
import { applyBatch } from './apply-batch';
import { catchUp } from './catch-up';
import { readCheckpoint } from './checkpoints';
import { deferIndexes } from './deferred-indexes';
import { liveTables, type Projection, RunMemory } from './projection';
import { createProjections } from './projection-registry';
import { ProjectionRunner } from './projection-runner';
import { replayProjections } from './replay';

jest.setTimeout(60_000);

let database: TestDatabase;
let store: PostgresEventStore;
const projections = createProjections();
const tables = projections.flatMap((projection) => projection.tables);

/** Every index of the read-model tables, by name, with its definition. */
async function indexes(db: Database): Promise<Record<string, string>> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1::text[]) ORDER BY indexname`,
    [tables],
  );
  return Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
}

async function deferred(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_deferred_indexes');
  return rows[0].n;
}

async function replayAll(batchSize: number): Promise<void> {
  await replayProjections({ db: database.db, store, projections, batchSize });
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let migrated: Record<string, string>;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  store = new PostgresEventStore(database.db, { pollIntervalMs: 50 });
  // Restocks, price changes and orders confirmed or cancelled many batches after they were placed.
  await seedSynthetic({ store, cards: 120, events: 4000, concurrency: 4 });
  migrated = await indexes(database.db);
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

it('replays with the secondary indexes deferred, builds them again, and matches a rebuild in one batch', async () => {
  expect(Object.keys(migrated)).toEqual(expect.arrayContaining(['cards_price_idx', 'card_movements_reserva_idx', 'orders_user_idx']));
  await replayAll(97);
  const replayed = await readModelChecksums(database.db);
  expect(await indexes(database.db)).toEqual(migrated);
  expect(await deferred(database.db)).toBe(0);
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM card_movements');
  expect(rows[0].n).toBeGreaterThan(1000);

  for (const projection of projections) await rebuildProjection({ db: database.db, store, projection, batchSize: 100_000 });
  expect(await readModelChecksums(database.db)).toEqual(replayed);
  expect(await indexes(database.db)).toEqual(migrated);
  expect(await deferred(database.db)).toBe(0);
});

it('continues a run that starts half-way, reading back only what it needs, to the same read models', async () => {
  await replayAll(5000);
  const whole = await readModelChecksums(database.db);
  const head = await store.head();
  const { rows } = await database.db.query<{ position: number }>('SELECT position FROM events ORDER BY position OFFSET 2000 LIMIT 1');
  const half = async (projection: Projection) => {
    await database.db.exec(`TRUNCATE ${projection.tables.join(', ')}; DELETE FROM projection_checkpoints WHERE name = '${projection.name}'`);
    // Two runs, so the second starts with an empty memory from a checkpoint in the middle of the history.
    await catchUp({ db: database.db, store, projection, until: rows[0].position, batchSize: 150 });
    await catchUp({ db: database.db, store, projection, until: head, batchSize: 150 });
  };
  for (const projection of projections) await half(projection);
  expect(await readModelChecksums(database.db)).toEqual(whole);
});

it('builds the same read models folding ahead from one shared read as the live runners applying batch by batch', async () => {
  await replayAll(211);
  const folded = await readModelChecksums(database.db);
  await database.db.exec(`TRUNCATE ${tables.join(', ')}; DELETE FROM projection_checkpoints`);
  const head = await store.head();
  // The runners apply each batch inside its transaction (Projection.apply), never through fold.
  const runners = projections.map((projection) => new ProjectionRunner({ db: database.db, store, projection, batchSize: 173, retryMs: 50 }));
  for (const runner of runners) runner.start();
  try {
    await waitFor(async () => {
      const positions = await Promise.all(projections.map((projection) => readCheckpoint(database.db, projection.name)));
      return positions.every((checkpoint) => (checkpoint?.position ?? 0) >= head);
    }, 'the runners to reach the head');
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
  }
  expect(await readModelChecksums(database.db)).toEqual(folded);
});

it('writes a folded batch only on top of the checkpoint it was folded from', async () => {
  const [cards] = projections;
  await replayProjections({ db: database.db, store, projections: [cards], batchSize: 5000 });
  const before = await readModelChecksums(database.db);
  await database.db.exec(`TRUNCATE ${cards.tables.join(', ')}; UPDATE projection_checkpoints SET position = 0, events_applied = 0 WHERE name = 'cards'`);
  const events = [];
  for await (const event of store.readAll(0, 500)) if (event.streamId.startsWith('card-') && events.length < 300) events.push(event);
  const memory = new RunMemory();
  const folded = await cards.fold?.({ tables: liveTables(cards), shadow: false, checkpoint: 0, memory }, events);
  expect(folded).toBeDefined();
  // Another process moved the checkpoint after the fold: the folded rows must not be written.
  await database.db.exec(`UPDATE projection_checkpoints SET position = 1 WHERE name = 'cards'`);
  const batch = { events, checkpoint: events[events.length - 1].position };
  expect(await applyBatch(database.db, cards, batch, { expectedFrom: 0, memory, folded })).toEqual({ kind: 'moved', position: 1 });
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM card_movements');
  expect(rows[0].n).toBe(0);
  await replayProjections({ db: database.db, store, projections: [cards], batchSize: 5000 });
  expect(await readModelChecksums(database.db)).toEqual(before);
});

it('puts back the indexes of a replay that died half-way as soon as a runner takes the projection', async () => {
  const [cards] = projections;
  await database.db.transaction((tx) => deferIndexes(tx, cards.tables));
  expect(Object.keys(await indexes(database.db))).not.toContain('cards_price_idx');
  expect(await deferred(database.db)).toBeGreaterThan(0);

  const runner = new ProjectionRunner({ db: database.db, store, projection: cards, retryMs: 50 });
  runner.start();
  try {
    const deadline = Date.now() + 10_000;
    while ((await deferred(database.db)) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deferred(database.db)).toBe(0);
    expect(await indexes(database.db)).toEqual(migrated);
  } finally {
    await runner.stop();
  }
});

it('rebuilds with every index after a replay that died half-way, and leaves no index waiting', async () => {
  const [cards] = projections;
  await database.db.transaction((tx) => deferIndexes(tx, cards.tables));
  expect(Object.keys(await indexes(database.db))).not.toContain('cards_price_idx');

  await rebuildProjection({ db: database.db, store, projection: cards, batchSize: 10_000 });
  expect(await indexes(database.db)).toEqual(migrated);
  expect(await deferred(database.db)).toBe(0);
});

it('does the same on PGlite, the embedded database', async () => {
  const embedded = await createPgliteTestDatabase();
  const embeddedStore = new PostgresEventStore(embedded.db);
  try {
    await seedSynthetic({ store: embeddedStore, cards: 40, events: 1000, concurrency: 1 });
    const before = await indexes(embedded.db);
    await replayProjections({ db: embedded.db, store: embeddedStore, projections, batchSize: 97 });
    const replayed = await readModelChecksums(embedded.db);
    expect(await indexes(embedded.db)).toEqual(before);
    for (const projection of projections) await rebuildProjection({ db: embedded.db, store: embeddedStore, projection, batchSize: 10_000 });
    expect(await readModelChecksums(embedded.db)).toEqual(replayed);
    expect(await indexes(embedded.db)).toEqual(before);
    expect(await deferred(embedded.db)).toBe(0);
  } finally {
    await embeddedStore.close();
    await embedded.drop();
  }
});

