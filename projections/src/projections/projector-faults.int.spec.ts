import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { PostgresSearchIndex } from '../search/postgres-search-index';
import { seedSynthetic } from '../synthetic/synthetic-seed';
import { createPostgresTestDatabase, readModelChecksums, TestDatabase } from '../testing';
import { rebuildProjection } from './blue-green';
import { readCheckpoint } from './checkpoints';
import { ProjectionRunner } from './projection-runner';
import { cardsProjection } from './cards.projection';
import { createProjections } from './projection-registry';

jest.setTimeout(180_000);

const ROOT = join(__dirname, '..', '..', '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase & { url: string };
let store: PostgresEventStore;
let head: number;

function startProjector(batchSize: number): ChildProcess {
  return spawn(process.execPath, ['-r', '@swc-node/register', join(__dirname, '..', 'testing', 'projector-child.ts'), String(batchSize)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function positions(): Promise<number[]> {
  return Promise.all(['cards', 'orders'].map(async (name) => (await readCheckpoint(database.db, name))?.position ?? 0));
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  store = new PostgresEventStore(database.db, { pollIntervalMs: 50 });
  await seedSynthetic({ store, cards: 400, events: 20_000 });
  head = await store.head();
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

it('resumes from its checkpoint after SIGKILL mid-replay and ends identical to a clean rebuild', async () => {
  const first = startProjector(50);
  await until(async () => (await positions())[0] > 0, 60_000);
  first.kill('SIGKILL');
  await exited(first);
  const [cardsAtKill] = await positions();
  expect(cardsAtKill).toBeGreaterThan(0);
  expect(cardsAtKill).toBeLessThan(head);

  const second = startProjector(50);
  await until(async () => (await positions()).every((position) => position >= head), 120_000);
  second.kill('SIGTERM');
  await exited(second);
  const resumed = await readModelChecksums(database.db);

  for (const projection of createProjections()) await rebuildProjection({ db: database.db, store, projection });
  expect(await readModelChecksums(database.db)).toEqual(resumed);
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards');
  expect(rows[0].n).toBe(400);
});

it('answers every query before, during and after a rebuild swap while the live runner runs', async () => {
  const runner = new ProjectionRunner({ db: database.db, store, projection: cardsProjection(), retryMs: 50 });
  runner.start();
  const search = new PostgresSearchIndex(database.db);
  const params = { q: 'dragon', languages: [], rarities: [], inStockOnly: false, sort: 'az' as const, page: 1 };
  const expected = (await search.search(params)).total;
  let answered = 0;
  const failures: unknown[] = [];
  let rebuilding = true;
  const queries = (async () => {
    while (rebuilding) {
      try {
        const result = await search.search(params);
        if (result.total !== expected) failures.push(new Error(`total ${result.total}, expected ${expected}`));
        answered++;
      } catch (error) {
        failures.push(error);
      }
    }
  })();
  try {
    await rebuildProjection({ db: database.db, store, projection: cardsProjection(), batchSize: 200 });
  } finally {
    rebuilding = false;
    await queries;
    await runner.stop();
  }
  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(10);
  expect((await search.search(params)).total).toBe(expected);
  const { rows } = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE '%\\_\\_%'`);
  expect(rows[0].n).toBe(0);
});
