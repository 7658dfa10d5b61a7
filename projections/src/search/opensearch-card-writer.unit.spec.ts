import type { Client } from '@opensearch-project/opensearch';
import { isUnavailable } from './opensearch-index.projection';
import { BulkItemsFailedError, OpenSearchCardWriter } from './opensearch-search-index';
import type { CardDocument } from './search-index.port';

/**
 * OpenSearch cannot run here: a stand-in for the client's four calls the writer makes, answering as the
 * server does when some documents of a bulk fail (HTTP 200, `errors: true`, a status per document).
 */
function standIn(bulkStatuses: number[][], aliased = true) {
  const calls: string[] = [];
  const pause = () => new Promise((resolve) => setTimeout(resolve, 5));
  const client = {
    indices: {
      existsAlias: async () => (calls.push('existsAlias'), await pause(), { body: aliased }),
      create: async () => (calls.push('create'), await pause(), { body: {} }),
      putAlias: async () => (calls.push('putAlias'), await pause(), (aliased = true), { body: {} }),
    },
    bulk: async () => {
      calls.push('bulk');
      const statuses = bulkStatuses.shift() ?? [];
      const items = statuses.map((status) => ({ index: status < 300 ? { status } : { status, error: { type: status === 429 ? 'es_rejected_execution_exception' : 'x', reason: `status ${status}` } } }));
      return { body: { errors: statuses.some((status) => status >= 300), items } };
    },
  };
  return { client: client as unknown as Client, calls };
}

const document = { id: 'Kuriboh_LOB-EN001_Common_Unlimited_en', lastSalePrice: 100 } as unknown as CardDocument;

describe('OpenSearchCardWriter (client stand-in): bulks answered 200 with refused documents, and making the index', () => {
  it.each([
    { refusal: 'an overloaded node (429) on some documents', statuses: [201, 429], retried: true },
    { refusal: 'unavailable shards (503)', statuses: [503, 503], retried: true },
    { refusal: 'a document the mapping refuses (400), among overloaded ones', statuses: [429, 400], retried: false },
    { refusal: 'a missing alias (404)', statuses: [404], retried: false },
  ])('$refusal: retried later $retried', async ({ statuses, retried }) => {
    const { client } = standIn([statuses]);
    const failure = await new OpenSearchCardWriter(client).write([document, document]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BulkItemsFailedError);
    expect((failure as BulkItemsFailedError).statuses).toEqual(statuses.filter((status) => status >= 300));
    expect(isUnavailable(failure)).toBe(retried);
  });

  // Before: the writer remembered the index as made for the life of the process, so the replay the halt
  // asked for wrote into the missing alias again and halted again.
  it('makes the index again on the next write after a missing alias', async () => {
    const { client, calls } = standIn([[404], [201]]);
    const writer = new OpenSearchCardWriter(client);
    await expect(writer.write([document])).rejects.toBeInstanceOf(BulkItemsFailedError);
    await writer.write([document]);
    expect(calls).toEqual(['existsAlias', 'bulk', 'existsAlias', 'bulk']);
  });

  // Before: both saw no alias, each made an index and put the alias on it, so it pointed at two.
  it('makes one index when the start-up and the first write both find none at once, and the start-up learns it was made', async () => {
    const { client, calls } = standIn([[201]], false);
    const writer = new OpenSearchCardWriter(client);
    const [startUp] = await Promise.all([writer.ensureIndex(), writer.write([document])]);
    expect(startUp).toBe(true);
    expect(calls.filter((call) => call !== 'bulk')).toEqual(['existsAlias', 'create', 'putAlias']);
    expect(await writer.ensureIndex()).toBe(false);
  });

  // Before: the runner's write made the index while the start-up waited to try again, which then found
  // the alias and never started the projection again from 0: the index held only cards changed since.
  it('tells the start-up that a write made the index since it last looked', async () => {
    const { client } = standIn([[201]], false);
    const writer = new OpenSearchCardWriter(client);
    await writer.write([document]);
    expect(await writer.ensureIndex()).toBe(true);
    expect(await writer.ensureIndex()).toBe(false);
  });
});
