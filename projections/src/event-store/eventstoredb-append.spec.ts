import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { event } from './event-store.contract';

interface StoredEvent {
  id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  revision: bigint;
  position: { commit: bigint; prepare: bigint };
}

/**
 * The two calls an append makes, answered as EventStoreDB 21.10 and later answer them (no server can run
 * here; the contract suite runs against a real one when EVENTSTORE_URL is set). A send whose event ids
 * the stream already holds writes nothing and is answered like a first write: the stored events'
 * revision and log position (the server's `IndexWriter.CheckCommit` → `AlreadyCommitted` with
 * `IdempotentLogPosition`). Only appends with an expected revision the stream is at, or re-sends, occur here.
 */
function standInServer() {
  const streams = new Map<string, StoredEvent[]>();
  let log = 1000n;
  const client = {
    async appendToStream(streamId: string, events: { id: string; type: string; data: unknown; metadata: Record<string, unknown> }[]) {
      const stream = streams.get(streamId) ?? [];
      const known = stream.filter((stored) => events.some((sent) => sent.id === stored.id));
      if (known.length === events.length) {
        const last = known[known.length - 1];
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      }
      for (const sent of events) {
        log += 100n;
        stream.push({ ...sent, revision: BigInt(stream.length), position: { commit: log, prepare: log } });
      }
      streams.set(streamId, stream);
      const last = stream[stream.length - 1];
      return { success: true, nextExpectedRevision: last.revision, position: last.position };
    },
    async *readStream(streamId: string, options: { fromRevision: bigint; maxCount?: number }) {
      const stream = streams.get(streamId) ?? [];
      const from = stream.filter((stored) => stored.revision >= options.fromRevision).slice(0, options.maxCount ?? stream.length);
      for (const stored of from) yield { event: { ...stored, streamId, isJson: true, created: new Date() } };
    },
  };
  return { store: new EventStoreDbEventStore(client as unknown as EventStoreDBClient), streams };
}

describe('EventStoreDbEventStore appends (against a stand-in for the server)', () => {
  it('tells a first write from a re-send the server answers like one', async () => {
    const { store } = standInServer();
    const id = `card-${randomUUID()}`;
    const batch = [event('StockAdded', { quantity: 1 }, randomUUID()), event('StockAdded', { quantity: 2 }, randomUUID())];
    const first = await store.append(id, batch, 'no_stream');
    expect(first).toEqual({ nextRevision: 1, position: 1200, duplicate: false });
    expect(await store.append(id, batch, 'no_stream')).toEqual({ ...first, duplicate: true });
  });

  it('reports a re-send with other data under the same ids as a duplicate', async () => {
    const { store, streams } = standInServer();
    const id = `card-${randomUUID()}`;
    const eventId = randomUUID();
    const first = await store.append(id, [event('StockReserved', { quantity: 1 }, eventId)], 'no_stream');
    expect(await store.append(id, [event('StockReserved', { quantity: 5 }, eventId)], 'no_stream')).toEqual({ ...first, duplicate: true });
    expect(streams.get(id)?.map((stored) => stored.data)).toEqual([{ quantity: 1 }]);
  });

  it('marks each send in the stored metadata without showing the mark to readers', async () => {
    const { store, streams } = standInServer();
    const id = `card-${randomUUID()}`;
    await store.append(id, [event('StockAdded', { quantity: 1 })], 'no_stream');
    await store.append(id, [event('StockAdded', { quantity: 1 })], 0);
    const marks = streams.get(id)?.map((stored) => stored.metadata.appendId);
    expect(new Set(marks).size).toBe(2);
    const [read] = await store.readStream(id);
    expect(Object.keys(read.metadata).sort()).toEqual(['actor', 'causationId', 'correlationId', 'eventId', 'timestamp']);
  });
});
