import { Client } from '@opensearch-project/opensearch';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { cardsProjection } from '../projections/cards.projection';
import { appendEvents, createPostgresTestDatabase, listingEvents, projectAll, SEARCH_FIXTURE } from '../testing';
import { openSearchProjection } from './opensearch-index.projection';
import { OpenSearchCardWriter, OpenSearchSearchIndex } from './opensearch-search-index';
import { searchIndexContract } from './search-index.contract';

const url = process.env.OPENSEARCH_URL;
const describeWithOpenSearch = url ? describe : describe.skip;
const title = url ? 'OpenSearchSearchIndex' : 'OpenSearchSearchIndex (not run: OPENSEARCH_URL is not set)';

describeWithOpenSearch(title, () => {
  searchIndexContract(async () => {
    const database = await createPostgresTestDatabase();
    const store = new PostgresEventStore(database.db);
    const client = new Client({ node: url });
    const alias = `tcg-cards-test-${Date.now()}`;
    const writer = new OpenSearchCardWriter(client, alias);
    await writer.ensureIndex();
    for (const card of SEARCH_FIXTURE) {
      const { streamId, events } = listingEvents(card);
      await appendEvents(store, streamId, events);
    }
    await projectAll(database.db, store, [cardsProjection(), openSearchProjection(writer)]);
    await writer.refresh();
    return {
      index: new OpenSearchSearchIndex(client, alias),
      async teardown() {
        await client.indices.delete({ index: `${alias}-*` }).catch(() => undefined);
        await client.close();
        await store.close();
        await database.drop();
      },
    };
  });
});
