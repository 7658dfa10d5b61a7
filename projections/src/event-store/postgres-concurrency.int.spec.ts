import { createPostgresTestDatabase, TestDatabase } from '../testing';
import { waitFor } from './event-store.contract';
import { deliveryAuditor, runConcurrentWriters, type WorkloadSettings } from './concurrent-writers';
import type { SubscriptionFilter } from './event-store.port';
import { PostgresEventStore } from './postgres-event-store';

jest.setTimeout(60_000);

describe('PostgresEventStore under 8 concurrent writers (real PostgreSQL)', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    // Eight writers, the subscriber's reads and its LISTEN connection, each on a connection of its own.
    test = await createPostgresTestDatabase({ poolSize: 12 });
    store = new PostgresEventStore(test.db);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  /** Concurrent writers and a catch-up subscriber: every event delivered once, each stream stored in order. */
  async function expectEveryEventOnce(filter: SubscriptionFilter, options: WorkloadSettings): Promise<void> {
    const auditor = deliveryAuditor();
    const subscription = await store.subscribe(0, filter, auditor.handler);
    const workload = await runConcurrentWriters(store, options);
    const appendedIds = [...workload.appended.values()].flat();
    expect(appendedIds).toHaveLength(options.events);
    expect(workload.conflicts).toBeGreaterThan(0);

    await waitFor(() => auditor.report(workload.appended).received >= options.events, 20_000, 'the subscriber to catch up');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscription.close();
    expect(auditor.report(workload.appended)).toEqual({ received: options.events, skipped: 0, duplicated: 0, outOfOrder: 0 });

    for (const [streamId, ids] of workload.appended) {
      const stored = await store.readStream(streamId);
      expect(stored.map((event) => event.metadata.eventId)).toEqual(ids);
    }
  }

  it('delivers every one of 5,000 events exactly once, each stream in revision order', async () => {
    await expectEveryEventOnce({}, { writers: 8, events: 5_000, streams: 200, streamPrefix: 'card-' });
  });

  it('delivers every event exactly once when a third of the appends write two to four streams at once', async () => {
    await expectEveryEventOnce({ streamPrefixes: ['many-'] }, { writers: 8, events: 5_000, streams: 100, streamPrefix: 'many-', multiStreamEvery: 3 });
  });
});
