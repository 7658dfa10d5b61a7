import { cardStreamName } from '@tcg/domain';
import { Database, EventStore, ProjectionWaiter, readCheckpoints } from '@tcg/projections';
import { appendEvents, listingEvents, SEARCH_FIXTURE } from '@tcg/projections/testing';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { LOGGER, type Logger } from '../logging/logger';
import { startTestApp, TestApp } from '../testing/test-app';
import { emptyTestRedis, testRedisUrl } from '../testing/test-redis';

jest.setTimeout(60_000);

const REDIS_URL = testRedisUrl(14);

describe('ProjectorModule', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => emptyTestRedis(REDIS_URL));

  it('runs the projections when ROLE=all, so a waiter sees a command position reached', async () => {
    app = await startTestApp({ DEMO_SEED: 'false', ROLE: 'all' });
    const { streamId, events } = listingEvents(SEARCH_FIXTURE[0]);
    const position = await appendEvents(app.app.get<EventStore>(EVENT_STORE), streamId, events);
    expect(await app.app.get(ProjectionWaiter).waitFor(position, 5000)).toBe(true);
    const { rows } = await app.app.get<Database>(DATABASE).query<{ stock_final: number }>('SELECT stock_final FROM cards');
    expect(rows).toEqual([{ stock_final: 3 }]);
  });

  it('runs nothing when ROLE=api: the waiter gives up after its timeout', async () => {
    app = await startTestApp({ DEMO_SEED: 'false', ROLE: 'api', REDIS_URL });
    const { streamId, events } = listingEvents(SEARCH_FIXTURE[0]);
    const position = await appendEvents(app.app.get<EventStore>(EVENT_STORE), streamId, events);
    const started = Date.now();
    expect(await app.app.get(ProjectionWaiter).waitFor(position, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await readCheckpoints(app.app.get<Database>(DATABASE))).toEqual([]);
  });

  it('logs a halt once, at error level, naming the projection and the event', async () => {
    app = await startTestApp({ DEMO_SEED: 'false', ROLE: 'all' });
    const errors = jest.spyOn(app.app.get<Logger>(LOGGER), 'error');
    const store = app.app.get<EventStore>(EVENT_STORE);
    const ghost = 'Ghost_X-1_Rare_Unlimited_en';
    await store.append(cardStreamName(ghost), [{ type: 'StockAdded', data: { cardId: ghost, quantity: 1, unitCost: 1, at: new Date().toISOString() }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
    const db = app.app.get<Database>(DATABASE);
    for (const started = Date.now(); Date.now() - started < 10_000; await new Promise((resolve) => setTimeout(resolve, 50))) {
      if ((await readCheckpoints(db)).some((checkpoint) => checkpoint.name === 'cards' && checkpoint.state === 'halted')) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const halts = errors.mock.calls.filter(([fields]) => (fields as { projection?: string }).projection === 'cards');
    expect(halts).toEqual([[{ projection: 'cards', error: expect.stringContaining(ghost) }, expect.stringContaining('projection cards is halted')]]);
  });
});
