import { PgDatabase } from '../db/pg-database';
import type { SessionLock } from '../db/sql';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPostgresTestDatabase, type TestDatabase } from '../testing';
import { rebuildProjection } from './blue-green';
import { MAINTENANCE_LOCK_SPACE, ProjectionBusyError } from './maintenance-lock';
import { createProjections } from './projection-registry';
import { PROJECTION_LOCK_SPACE } from './projection-runner';
import { ProjectionStalledError, replayProjections } from './replay';

jest.setTimeout(60_000);

let database: TestDatabase & { url: string };
let store: PostgresEventStore;
/** Another process: its own connections, so its advisory locks are another session's. */
let other: PgDatabase;

const cards = () => createProjections().filter((projection) => projection.name === 'cards');
const count = async (table: string) => (await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  store = new PostgresEventStore(database.db);
  await seedSynthetic({ store, cards: 40, events: 1200 });
  await replayProjections({ db: database.db, store, projections: createProjections() });
  other = new PgDatabase({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await other?.close();
  await store?.close();
  await database?.drop();
});

describe('replays and rebuilds across processes', () => {
  let held: SessionLock | null = null;
  afterEach(async () => {
    await held?.release();
    held = null;
  });

  it('refuses a replay or a rebuild while another process replays or rebuilds the projection, touching nothing', async () => {
    held = await other.tryLock(MAINTENANCE_LOCK_SPACE, 'cards');
    expect(held).not.toBeNull();
    const before = await count('cards');
    expect(before).toBe(40);
    await expect(replayProjections({ db: database.db, store, projections: cards() })).rejects.toBeInstanceOf(ProjectionBusyError);
    await expect(replayProjections({ db: database.db, store, projections: createProjections() })).rejects.toThrow(
      'a replay or rebuild of cards is already running in another process',
    );
    await expect(rebuildProjection({ db: database.db, store, projection: cards()[0] })).rejects.toBeInstanceOf(ProjectionBusyError);
    expect(await count('cards')).toBe(before);
    expect(await count('projection_deferred_indexes')).toBe(0);
    // The orders projection was not taken: its lock is free again after the refused --all.
    const orders = await database.db.tryLock(MAINTENANCE_LOCK_SPACE, 'orders');
    expect(orders).not.toBeNull();
    await orders?.release();
  });

  it('finishes a replay after an interrupted one left a record of an index that exists again', async () => {
    const { rows } = await database.db.query<{ definition: string }>(`SELECT pg_get_indexdef('card_movements_card_idx'::regclass) AS definition`);
    await database.db.query(`INSERT INTO projection_deferred_indexes (index_name, table_name, definition) VALUES ('card_movements_card_idx', 'card_movements', $1)`, [
      rows[0].definition,
    ]);
    await replayProjections({ db: database.db, store, projections: cards() });
    expect(await count('cards')).toBe(40);
    expect(await count('projection_deferred_indexes')).toBe(0);
    const { rows: indexes } = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_indexes WHERE indexname = 'card_movements_card_idx'`);
    expect(indexes[0].n).toBe(1);
  });

  it('gives up following a projector that holds the projection but applies nothing, and says so', async () => {
    held = await other.tryLock(PROJECTION_LOCK_SPACE, 'cards');
    expect(held).not.toBeNull();
    await expect(replayProjections({ db: database.db, store, projections: cards(), pollMs: 20, stallMs: 300 })).rejects.toBeInstanceOf(
      ProjectionStalledError,
    );
    await held?.release();
    held = null;
    // Nobody follows now: the next replay runs here and puts everything back.
    await replayProjections({ db: database.db, store, projections: cards() });
    expect(await count('cards')).toBe(40);
  });
});
