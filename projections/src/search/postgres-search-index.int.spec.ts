import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendEvents, createPgliteTestDatabase, createPostgresTestDatabase, listingEvents, projectAll, SEARCH_FIXTURE, TestDatabase } from '../testing';
import { PostgresSearchIndex } from './postgres-search-index';
import { searchIndexContract } from './search-index.contract';

async function subject(make: () => Promise<TestDatabase>) {
  const database = await make();
  const store = new PostgresEventStore(database.db);
  for (const card of SEARCH_FIXTURE) {
    const { streamId, events } = listingEvents(card);
    await appendEvents(store, streamId, events);
  }
  await projectAll(database.db, store);
  return {
    index: new PostgresSearchIndex(database.db),
    async teardown() {
      await store.close();
      await database.drop();
    },
  };
}

describe('PostgresSearchIndex on PostgreSQL', () => {
  searchIndexContract(() => subject(() => createPostgresTestDatabase()));
});

describe('PostgresSearchIndex on PGlite', () => {
  searchIndexContract(() => subject(() => createPgliteTestDatabase()));
});
