import { Database, EventStore, ProjectionWaiter, readCheckpoints } from '@tcg/projections';
import { appendEvents, listingEvents, SEARCH_FIXTURE } from '@tcg/projections/testing';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { startTestApp, TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

describe('ProjectorModule', () => {
  let app: TestApp | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('runs the projections when ROLE=all, so a waiter sees a command position reached', async () => {
    app = await startTestApp({ DEMO_SEED: 'false', ROLE: 'all' });
    const { streamId, events } = listingEvents(SEARCH_FIXTURE[0]);
    const position = await appendEvents(app.app.get<EventStore>(EVENT_STORE), streamId, events);
    expect(await app.app.get(ProjectionWaiter).waitFor(position, 5000)).toBe(true);
    const { rows } = await app.app.get<Database>(DATABASE).query<{ stock_final: number }>('SELECT stock_final FROM cards');
    expect(rows).toEqual([{ stock_final: 3 }]);
  });

  it('runs nothing when ROLE=api: the waiter gives up after its timeout', async () => {
    app = await startTestApp({ DEMO_SEED: 'false', ROLE: 'api' });
    const { streamId, events } = listingEvents(SEARCH_FIXTURE[0]);
    const position = await appendEvents(app.app.get<EventStore>(EVENT_STORE), streamId, events);
    const started = Date.now();
    expect(await app.app.get(ProjectionWaiter).waitFor(position, 300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await readCheckpoints(app.app.get<Database>(DATABASE))).toEqual([]);
  });
});
