import { eventStoreContract } from './event-store.contract';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { openEventStore } from './open-event-store';
import { createPgliteTestDatabase } from '../testing';

const url = process.env.EVENTSTORE_URL;

jest.setTimeout(30_000);

// Never a silent pass: without a server the suite shows up as skipped, with the reason in its title.
const describeWithServer = url ? describe : describe.skip;
const title = url ? 'EventStoreDbEventStore' : 'EventStoreDbEventStore (not run: EVENTSTORE_URL is not set)';

describeWithServer(title, () => {
  describe('contract', () => {
    eventStoreContract(async () => ({ store: EventStoreDbEventStore.connect(url as string), teardown: async () => undefined }), {
      atomicAppendMany: false,
    });
  });

  it('is what openEventStore picks when given an EventStoreDB URL', async () => {
    const test = await createPgliteTestDatabase({ migrate: false });
    const store = openEventStore({ db: test.db, eventStoreUrl: url });
    try {
      expect(store).toBeInstanceOf(EventStoreDbEventStore);
      expect(store.name).toBe('eventstoredb');
      await store.ping();
    } finally {
      await store.close();
      await test.drop();
    }
  });
});
