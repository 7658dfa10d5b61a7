import { PgDatabase, PostgresEventStore } from '@tcg/projections';
import { createPostgresTestDatabase, type TestDatabase } from '@tcg/projections/testing';
import { StreamDecider, type StreamType } from './stream-decider.service';
import { WriteMetrics } from './write-metrics';

jest.setTimeout(120_000);

type Counted = { type: 'Counted'; version: 1; data: { n: number } };

const counter: StreamType<Counted, number> = {
  evolve: (state, event) => state + event.data.n,
  initialState: () => 0,
  parse: (type, _version, data) => ({ type, version: 1, data }) as Counted,
};

/**
 * Two API processes on one PostgreSQL event store, each its own pool and decider: within a process one
 * stream's writers take turns, between processes only the expected revision stands between them.
 */
describe('StreamDecider across two processes on one hot stream (real PostgreSQL)', () => {
  let t: TestDatabase & { url: string };
  const pools: PgDatabase[] = [];
  beforeAll(async () => {
    t = await createPostgresTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.close()));
    await t.drop();
  });

  // Before: a writer that lost the race backed off while the other process's next writer, deciding on
  // its own fresh snapshot, appended again; after ten losses the buyer got a 500 (QA: 2 of 320 checkouts).
  it('lets every writer through, however often the other process wins', async () => {
    const processes = [0, 1].map(() => {
      const db = new PgDatabase({ connectionString: t.url, max: 10 });
      pools.push(db);
      const metrics = new WriteMetrics();
      return { decider: new StreamDecider(new PostgresEventStore(db), metrics), metrics };
    });
    const context = { correlationId: 'c', actor: 'test' };
    const writes = processes.flatMap(({ decider }) =>
      Array.from({ length: 150 }, () =>
        decider.decide(counter, { streamId: 'counter-hot', context, decide: () => [{ type: 'Counted' as const, version: 1 as const, data: { n: 1 } }] }),
      ),
    );
    const outcomes = await Promise.allSettled(writes);
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => String((outcome as PromiseRejectedResult).reason));
    expect({ failed: failed.slice(0, 3), count: failed.length }).toEqual({ failed: [], count: 0 });
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE stream_id = 'counter-hot'");
    expect(rows[0].n).toBe(300);
    expect(processes.reduce((sum, { metrics }) => sum + metrics.conflictRetries, 0)).toBeGreaterThan(0);
  });
});
