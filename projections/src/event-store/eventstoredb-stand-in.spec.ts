import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { BACKWARDS, END, type EventStoreDBClient, type Position, type ReadPosition, START, WrongExpectedVersionError } from '@eventstore/db-client';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { event, waitFor } from './event-store.contract';
import { ConcurrencyError, EventIdReusedError, type SubscriptionBatch } from './event-store.port';
import { EventStoreDbSubscription } from './eventstoredb-subscription';

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
    async appendToStream(
      streamId: string,
      events: { id: string; type: string; data: unknown; metadata: Record<string, unknown> }[],
      options: { expectedRevision: bigint | 'no_stream' | 'any' },
    ) {
      const stream = streams.get(streamId) ?? [];
      const known = stream.filter((stored) => events.some((sent) => sent.id === stored.id));
      if (known.length === events.length) {
        const last = known[known.length - 1];
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      }
      // Not every id is stored, and the stream is not where the send expects it: a wrong expected version
      // (the server's answer to a conflict, and to a send that repeats only some stored ids).
      const current = BigInt(stream.length - 1);
      const expected = options.expectedRevision === 'no_stream' ? -1n : options.expectedRevision;
      if (expected !== 'any' && expected !== current) {
        throw new WrongExpectedVersionError(undefined, { streamName: streamId, expected: options.expectedRevision, current: stream.length === 0 ? 'no_stream' : current });
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

  it('tells a send that repeats only some stored ids (a reuse) from a conflict', async () => {
    const { store } = standInServer();
    const id = `card-${randomUUID()}`;
    const stored = randomUUID();
    await store.append(id, [event('StockAdded', { quantity: 1 }, stored)], 'no_stream');
    await expect(store.append(id, [event('StockAdded', { quantity: 1 }, stored), event('StockSold', {}, randomUUID())], 'no_stream')).rejects.toBeInstanceOf(
      EventIdReusedError,
    );
    await expect(store.append(id, [event('StockReserved', {}, randomUUID())], 'no_stream')).rejects.toBeInstanceOf(ConcurrencyError);
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

/**
 * $all as the client reads it: forwards from a position including the event at it, backwards from the
 * end or from a position (including it here; the adapter does not rely on either), `maxCount` at most.
 */
function standInLog(entries: { streamId: string; type: string; commit: bigint; created?: Date }[]) {
  const all = entries.map(({ streamId, type, commit, created }) => ({
    event: { streamId, type, id: randomUUID(), revision: 0n, data: {}, metadata: {}, isJson: true, created: created ?? new Date(), position: { commit, prepare: commit } },
  }));
  const client = {
    async *readAll(options: { fromPosition: ReadPosition; maxCount: number; direction: string }) {
      const at = (from: ReadPosition) => (from as Position).commit;
      const read =
        options.direction === BACKWARDS
          ? [...all].reverse().filter((entry) => options.fromPosition === END || entry.event.position.commit <= at(options.fromPosition))
          : all.filter((entry) => options.fromPosition === START || entry.event.position.commit >= at(options.fromPosition));
      yield* read.slice(0, options.maxCount);
    },
  };
  return new EventStoreDbEventStore(client as unknown as EventStoreDBClient);
}

describe('EventStoreDbEventStore head and backlog (against a stand-in for $all)', () => {
  const stats = (from: bigint, count: number) =>
    Array.from({ length: count }, (_, index) => ({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected', commit: from + BigInt(index) * 10n }));

  it('finds the newest of our events behind the events of the server, page after page', async () => {
    const store = standInLog([{ streamId: 'card-1', type: 'CardListed', commit: 100n }, { streamId: 'card-1', type: 'StockAdded', commit: 200n }, ...stats(300n, 70)]);
    expect(await store.head()).toBe(200);
  });

  it('has its head at the start while the log holds only events of the server, or nothing', async () => {
    expect(await standInLog(stats(100n, 40)).head()).toBe(0);
    expect(await standInLog([]).head()).toBe(0);
  });

  it('counts our events after a position up to a limit, with the time of the first', async () => {
    const created = (second: number) => new Date(Date.UTC(2026, 10, 25, 4, 0, second));
    const store = standInLog([
      ...[100n, 200n, 300n].map((commit, index) => ({ streamId: 'card-1', type: 'StockAdded', commit, created: created(index) })),
      ...stats(310n, 3),
      ...[400n, 500n].map((commit, index) => ({ streamId: 'order-1', type: 'OrderPlaced', commit, created: created(10 + index) })),
    ]);
    expect(await store.behind(100, 10)).toEqual({ events: 4, exact: true, oldestAt: created(1) });
    expect(await store.behind(0, 2)).toEqual({ events: 2, exact: false, oldestAt: created(0) });
    expect(await store.behind(300, 10)).toEqual({ events: 2, exact: true, oldestAt: created(10) });
    expect(await store.behind(500, 10)).toEqual({ events: 0, exact: true, oldestAt: undefined });
  });
});

/** A subscription to $all as the client hands it out: a stream of events, and the filter's checkpoint callback. */
function standInSubscription(handle: (batch: SubscriptionBatch) => Promise<void> = async () => undefined, batchSize?: number, headAtStart?: number) {
  const stream = Object.assign(new PassThrough({ objectMode: true }), { unsubscribe: async () => undefined });
  let checkpointReached: ((subscription: unknown, position: { commit: bigint; prepare: bigint }) => Promise<void>) | undefined;
  const client = {
    subscribeToAll(options: { filter: { checkpointReached: typeof checkpointReached } }) {
      checkpointReached = options.filter.checkpointReached;
      return stream;
    },
  };
  const batches: SubscriptionBatch[] = [];
  const subscription = new EventStoreDbSubscription(
    client as unknown as EventStoreDBClient,
    0,
    { streamPrefixes: ['card-'] },
    async (batch) => {
      batches.push(batch);
      await handle(batch);
    },
    batchSize,
    headAtStart,
  );
  const recorded = (position: bigint) => ({
    event: { streamId: 'card-1', id: randomUUID(), revision: 0n, type: 'StockAdded', data: {}, metadata: {}, isJson: true, created: new Date(), position: { commit: position, prepare: position } },
  });
  return { stream, batches, subscription, recorded, checkpoint: (commit: bigint, prepare: bigint) => checkpointReached?.(undefined, { commit, prepare }) };
}

describe('EventStoreDbSubscription (against a stand-in for the client stream)', () => {
  it('delivers the event a checkpoint at the end of the log points to: { P, 0 } comes before { P, P }', async () => {
    const { stream, batches, subscription, recorded, checkpoint } = standInSubscription();
    stream.write(recorded(100n));
    await checkpoint(200n, 200n);
    // The server checkpoints an empty last page at the next record's start (prepare 0), then sends it.
    await checkpoint(300n, 0n);
    stream.write(recorded(300n));
    await waitFor(() => batches.some((batch) => batch.events.length > 0 && batch.checkpoint === 300), 2_000, 'the event at 300');
    expect(batches.map((batch) => [batch.checkpoint, batch.events.length])).toEqual([
      [100, 1],
      [200, 0],
      [300, 1],
    ]);
    await subscription.close();
  });

  it('hands the events that arrive while the handler works over together, at most batchSize at a time, in order', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { stream, batches, subscription, recorded } = standInSubscription((batch) => (batch.checkpoint === 1 ? held : Promise.resolve()), 3);
    stream.write(recorded(1n));
    await waitFor(() => batches.length === 1, 2_000, 'the first batch');
    for (let position = 2n; position <= 8n; position++) stream.write(recorded(position));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await waitFor(() => batches.some((batch) => batch.checkpoint === 8), 2_000, 'the last event');
    expect(batches.map((batch) => batch.events.map((event) => event.position))).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
    expect(batches.map((batch) => batch.checkpoint)).toEqual([1, 4, 7, 8]);
    await subscription.close();
  });

  // Before: a rebuild of `cards` waited for the head, an order event the filter skips, until 32 more
  // events came (the server checkpoints neither its last catch-up page nor live before 32 events).
  it('checkpoints the head read before subscribing once the server says it caught up, after the events it sent', async () => {
    const { stream, batches, subscription, recorded } = standInSubscription(undefined, undefined, 900);
    stream.pause();
    stream.write(recorded(100n));
    stream.write(recorded(300n));
    stream.emit('caughtUp');
    await waitFor(() => batches.some((batch) => batch.checkpoint === 900), 2_000, 'the head at start');
    expect(batches.flatMap((batch) => batch.events.map((event) => event.position))).toEqual([100, 300]);
    expect(batches[batches.length - 1]).toEqual({ events: [], checkpoint: 900 });
    await subscription.close();
  });

  it('leaves a head it already passed alone when it caught up', async () => {
    const { stream, batches, subscription, recorded } = standInSubscription(undefined, undefined, 200);
    stream.write(recorded(500n));
    await waitFor(() => batches.length === 1, 2_000, 'the event at 500');
    stream.emit('caughtUp');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches.map((batch) => batch.checkpoint)).toEqual([500]);
    await subscription.close();
  });
});
