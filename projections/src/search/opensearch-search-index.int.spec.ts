import { Client } from '@opensearch-project/opensearch';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { cardsProjection } from '../projections/cards.projection';
import { appendEvents, createPostgresTestDatabase, listingEvents, projectAll, SEARCH_FIXTURE } from '../testing';
import { applyBatch } from '../projections/apply-batch';
import { readCheckpoint } from '../projections/checkpoints';
import { RetryLaterError } from '../projections/projection';
import { OPENSEARCH_PROJECTION, openSearchProjection } from './opensearch-index.projection';
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

describeWithOpenSearch(`${title}: rebuilds`, () => {
  it('deletes the indexes earlier rebuilds left behind, and nothing else', async () => {
    const client = new Client({ node: url });
    const alias = `tcg-cards-test-${Date.now()}`;
    const writer = new OpenSearchCardWriter(client, alias);
    try {
      await writer.ensureIndex();
      const live = Object.keys((await client.indices.getAlias({ name: alias })).body);
      // What a rebuild killed before its swap leaves, and an index that only shares the prefix.
      await client.indices.create({ index: `${alias}-1` });
      await client.indices.create({ index: `${alias}-archive` });
      await writer.begin();
      const exists = async (index: string) => (await client.indices.exists({ index })).body;
      expect(await exists(`${alias}-1`)).toBe(false);
      expect(await exists(`${alias}-archive`)).toBe(true);
      for (const index of live) expect(await exists(index)).toBe(true);
      await writer.swap();
      for (const index of live) expect(await exists(index)).toBe(false);
    } finally {
      await client.indices.delete({ index: `${alias}-*` }).catch(() => undefined);
      await client.close();
    }
  });
});

describe('the OpenSearch projection while OpenSearch does not answer', () => {
  it('waits and retries its batch instead of halting', async () => {
    const database = await createPostgresTestDatabase();
    const store = new PostgresEventStore(database.db);
    // Nothing listens on port 9: every request is refused, as while OpenSearch restarts.
    const client = new Client({ node: 'http://127.0.0.1:9', maxRetries: 0, requestTimeout: 2_000 });
    try {
      const { streamId, events } = listingEvents(SEARCH_FIXTURE[0]);
      await appendEvents(store, streamId, events);
      await projectAll(database.db, store, [cardsProjection()]);
      const recorded = [];
      for await (const event of store.readAll(0, 100)) recorded.push(event);
      const batch = { events: recorded, checkpoint: recorded[recorded.length - 1].position };
      const projection = openSearchProjection(new OpenSearchCardWriter(client, 'tcg-cards-unreachable'));
      await expect(applyBatch(database.db, projection, batch)).rejects.toBeInstanceOf(RetryLaterError);
      // Rolled back whole: no halt recorded, the checkpoint not moved.
      expect(await readCheckpoint(database.db, OPENSEARCH_PROJECTION)).toBeUndefined();

      // CLI QA: behind a halted cards projection it said only that it waited for a position that never comes.
      await database.db.query(`UPDATE projection_checkpoints SET state = 'halted', position = 0 WHERE name = 'cards'`);
      await expect(applyBatch(database.db, projection, batch)).rejects.toThrow(
        /^the cards projection is halted at 0, and search-opensearch indexes its rows: see its error in `tcg projections status` and replay or rebuild cards first$/,
      );
    } finally {
      await client.close();
      await store.close();
      await database.drop();
    }
  });
});
