import { errors } from '@opensearch-project/opensearch';
import type { ProjectedEvent } from '../event-store/event-store.port';
import { CARDS_PROJECTION } from '../projections/cards.projection';
import type { Database } from '../db/sql';
import { type Checkpoint, readCheckpoint, resetCheckpoint } from '../projections/checkpoints';
import { ApplyContext, forEvent, Projection, RetryLaterError } from '../projections/projection';
import { readCardEvent } from '../projections/stored-event';
import { readCardDocuments } from './card-documents';
import { BulkItemsFailedError, OpenSearchCardWriter } from './opensearch-search-index';

export const OPENSEARCH_PROJECTION = 'search-opensearch';

/**
 * Keeps the OpenSearch index in step with the card streams. It indexes the cards' rows as the `cards`
 * projection wrote them, so it waits (by retrying) until that projection has passed the batch. Writes
 * are keyed by card id: a batch indexed twice after a crash leaves the same documents.
 */
export function openSearchProjection(writer: OpenSearchCardWriter): Projection {
  return {
    name: OPENSEARCH_PROJECTION,
    filter: { streamPrefixes: ['card-'] },
    tables: [],
    external: { begin: () => writer.begin(), swap: () => writer.swap(), abandon: () => writer.abandon() },
    async apply({ tx, shadow }: ApplyContext, events: readonly ProjectedEvent[]) {
      const last = events[events.length - 1].position;
      const cards = await readCheckpoint(tx, CARDS_PROJECTION);
      if (!cards || cards.position < last) throw new RetryLaterError(waitingForCards(cards, last));
      const ids = new Set(events.map((event) => forEvent(event, () => readCardEvent(event).data.cardId)));
      const documents = await readCardDocuments(tx, [...ids]);
      try {
        await writer.write(documents, shadow ? 'shadow' : 'live');
      } catch (error) {
        // An OpenSearch that is down, restarting or overloaded says nothing about the events: retried, never a halt.
        if (isUnavailable(error)) throw new RetryLaterError(`OpenSearch is unavailable: ${(error as Error).message}`);
        throw error;
      }
    },
  };
}

/**
 * Why this batch waits. A halted `cards` is said with what to do (CLI QA: `replay search-opensearch` ended on
 * "waiting for the cards projection to reach N", which never comes while cards is halted).
 */
function waitingForCards(cards: Checkpoint | undefined, last: number): string {
  if (cards?.state === 'halted') {
    return `the cards projection is halted at ${cards.position}, and ${OPENSEARCH_PROJECTION} indexes its rows: see its error in \`tcg projections status\` and replay or rebuild cards first`;
  }
  return `waiting for the cards projection to reach ${last}`;
}

export function isUnavailable(error: unknown): boolean {
  // Overload and unavailable shards come back per document inside a 200, not as the answer's status.
  if (error instanceof BulkItemsFailedError) return error.transient;
  if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError || error instanceof errors.NoLivingConnectionsError) return true;
  return error instanceof errors.ResponseError && (error.statusCode === 429 || (error.statusCode ?? 0) >= 500);
}

/**
 * Makes sure the alias has an index. When it had to create one while the projection's checkpoint says
 * documents were written (the OpenSearch data was lost), the projection starts again from 0: true then.
 */
export async function ensureOpenSearchIndex(db: Database, writer: OpenSearchCardWriter): Promise<boolean> {
  if (!(await writer.ensureIndex())) return false;
  const checkpoint = await readCheckpoint(db, OPENSEARCH_PROJECTION);
  if (!checkpoint || checkpoint.position === 0) return false;
  await db.transaction((tx) => resetCheckpoint(tx, OPENSEARCH_PROJECTION, 0, 0));
  return true;
}
