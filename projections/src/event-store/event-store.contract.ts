import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import {
  AtomicMultiStreamStore,
  ConcurrencyError,
  EventIdReusedError,
  EventStore,
  hasAtomicAppendMany,
  EventToAppend,
  RecordedEvent,
  ProjectedEvent,
  SubscriptionBatch,
  SubscriptionFilter,
} from './event-store.port';

/** What each adapter's spec provides: a store on a database of its own, and how to dispose of it. */
export interface EventStoreFixture {
  store: EventStore;
  teardown(): Promise<void>;
}

const metadata = { correlationId: 'c0ffee00-0000-4000-8000-000000000001', actor: 'user-1' };

export function event(type: string, data: unknown = {}, id?: string): EventToAppend {
  return { id, type, data, metadata };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Collects what a subscription delivers, remembering the last checkpoint. */
export function collector() {
  const events: RecordedEvent[] = [];
  const state = { events, checkpoint: -1, batches: 0 };
  const handler = async (batch: SubscriptionBatch) => {
    events.push(...batch.events);
    state.checkpoint = batch.checkpoint;
    state.batches += 1;
  };
  return { state, handler };
}

export interface ContractOptions {
  /** What the adapter must say about `atomicAppendMany`; when true, its `appendMany` is tested too. */
  atomicAppendMany: boolean;
}

/**
 * The behaviour every adapter owes the port. Streams get unique names and reads start after a marker
 * event, so the suite also runs against a shared EventStoreDB that holds other data.
 */
export function eventStoreContract(open: () => Promise<EventStoreFixture>, options: ContractOptions): void {
  let fixture: EventStoreFixture;
  let store: EventStore;
  const stream = (kind: string) => `${kind}-${randomUUID()}`;
  const marker = async () => (await store.append(stream('marker'), [event('Marked')], 'any')).position;
  const subscribeFrom = async (from: number, filter: SubscriptionFilter) => {
    const { state, handler } = collector();
    const subscription = await store.subscribe(from, filter, handler, { batchSize: 2 });
    return { state, subscription };
  };

  beforeAll(async () => {
    fixture = await open();
    store = fixture.store;
    await store.ping();
  });
  afterAll(async () => {
    await store?.close();
    await fixture?.teardown();
  });

  it('appends and reads a stream back with revisions, positions and full metadata', async () => {
    const id = stream('card');
    const first = await store.append(id, [event('CardListed', { name: 'Kuriboh' }), event('PriceSet', { sale: 1250 })], 'no_stream');
    expect(first.nextRevision).toBe(1);
    const second = await store.append(id, [event('StockAdded', { quantity: 3 })], 1);
    expect(second).toEqual({ nextRevision: 2, position: expect.any(Number), duplicate: false });
    expect(second.position).toBeGreaterThan(first.position);

    const events = await store.readStream(id);
    expect(events.map((e) => [e.streamId, e.revision, e.type])).toEqual([
      [id, 0, 'CardListed'],
      [id, 1, 'PriceSet'],
      [id, 2, 'StockAdded'],
    ]);
    expect(events[0].data).toEqual({ name: 'Kuriboh' });
    expect(events[1].position).toBe(first.position);
    expect(events[2].position).toBe(second.position);
    expect(events[0].metadata).toEqual({
      eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      correlationId: metadata.correlationId,
      causationId: metadata.correlationId,
      actor: 'user-1',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(events[0].createdAt).toBeInstanceOf(Date);
    expect((await store.readStream(id, 2)).map((e) => e.revision)).toEqual([2]);
    expect(await store.readStream(stream('missing'))).toEqual([]);
  });

  it("keeps an idempotent command's request hash with its events", async () => {
    const id = stream('card');
    await store.append(id, [{ ...event('StockAdded', { quantity: 2 }), metadata: { ...metadata, requestHash: 'a1b2c3' } }], 'no_stream');
    const [stored] = await store.readStream(id);
    expect(stored.metadata).toMatchObject({ actor: 'user-1', requestHash: 'a1b2c3' });
  });

  it('refuses a wrong expected revision with the actual one, and accepts any', async () => {
    const id = stream('order');
    await expect(store.append(id, [event('OrderPlaced')], 0)).rejects.toMatchObject({ actual: -1 });
    await store.append(id, [event('OrderPlaced'), event('OrderConfirmed')], 'no_stream');
    const conflict = await store.append(id, [event('OrderCancelled')], 0).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ConcurrencyError);
    expect(conflict).toMatchObject({ streamId: id, expected: 0, actual: 1 });
    await expect(store.append(id, [event('OrderPlaced')], 'no_stream')).rejects.toMatchObject({ actual: 1 });
    expect((await store.append(id, [event('Noted')], 'any')).nextRevision).toBe(2);
    expect(await store.readStream(id)).toHaveLength(3);
  });

  it('treats a re-sent append (same event ids) as a no-op returning the first result', async () => {
    const id = stream('card');
    const batch = [event('StockAdded', { quantity: 1 }, randomUUID()), event('StockAdded', { quantity: 2 }, randomUUID())];
    const first = await store.append(id, batch, 'no_stream');
    expect(first.duplicate).toBe(false);
    expect(await store.append(id, batch, 'no_stream')).toEqual({ ...first, duplicate: true });
    await store.append(id, [event('StockReserved')], first.nextRevision);
    // The stream moved on: the stale expected revision must not turn the retry into a conflict.
    expect(await store.append(id, batch, 'no_stream')).toEqual({ ...first, duplicate: true });
    expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1, 2]);
  });

  it('reports a re-send under the same ids but with other data as a duplicate, and keeps the first data', async () => {
    const id = stream('card');
    const ids = [randomUUID(), randomUUID()];
    const first = await store.append(id, [event('StockReserved', { quantity: 1 }, ids[0]), event('StockSold', { quantity: 1 }, ids[1])], 'no_stream');
    const resent = await store.append(id, [event('StockReserved', { quantity: 3 }, ids[0]), event('StockSold', { quantity: 3 }, ids[1])], 'no_stream');
    expect(resent).toEqual({ ...first, duplicate: true });
    expect((await store.readStream(id)).map((e) => e.data)).toEqual([{ quantity: 1 }, { quantity: 1 }]);
  });

  it('reads several whole streams at once, each as readStream reads it, leaving out streams that do not exist', async () => {
    const [first, second, missing] = [stream('card'), stream('card'), stream('missing')];
    await store.append(first, [event('CardListed', { name: 'Kuriboh' }), event('StockAdded', { quantity: 2 })], 'no_stream');
    await store.append(second, [event('CardListed', { name: 'Dark Magician' })], 'no_stream');
    await store.append(first, [event('StockReserved', { quantity: 1 })], 1);
    const streams = await store.readStreams([second, missing, first]);
    expect([...streams.keys()].sort()).toEqual([first, second].sort());
    expect(streams.get(first)).toEqual(await store.readStream(first));
    expect(streams.get(first)?.map((e) => [e.revision, e.type])).toEqual([
      [0, 'CardListed'],
      [1, 'StockAdded'],
      [2, 'StockReserved'],
    ]);
    expect(streams.get(second)).toEqual(await store.readStream(second));
    expect(await store.readStreams([])).toEqual(new Map());
  });

  it('reads all streams in append order, each stream in revision order, page by page', async () => {
    const from = await marker();
    const [a, b, c] = [stream('card'), stream('card'), stream('order')];
    const order: Array<[string, number]> = [];
    const revisions = new Map<string, number>();
    for (const id of [a, b, a, c, b, a, c, a]) {
      const next = revisions.has(id) ? (revisions.get(id) as number) : 'no_stream';
      const result = await store.append(id, [event('Step', { id })], next);
      revisions.set(id, result.nextRevision);
      order.push([id, result.nextRevision]);
    }
    const read: RecordedEvent[] = [];
    for await (const recorded of store.readAll(from, 3)) if ([a, b, c].includes(recorded.streamId)) read.push(recorded);
    expect(read.map((e) => [e.streamId, e.revision])).toEqual(order);
    const positions = read.map((e) => e.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('tells its head, and how many events come after a position (up to a limit) and how old the first is', async () => {
    const from = await marker();
    expect(await store.head()).toBe(from);
    const last = await store.append(stream('lag'), [event('A'), event('B'), event('C')], 'no_stream');
    expect(await store.head()).toBe(last.position);

    const all = await store.behind(from, 10);
    expect(all).toEqual({ events: 3, exact: true, oldestAt: expect.any(Date) });
    // The store's clock stamps the events: allow it to differ from this process's by a few seconds.
    expect(Math.abs((all.oldestAt as Date).getTime() - Date.now())).toBeLessThan(5_000);
    expect(await store.behind(from, 2)).toEqual({ events: 2, exact: false, oldestAt: all.oldestAt });
    expect(await store.behind(last.position, 10)).toEqual({ events: 0, exact: true, oldestAt: undefined });
  });

  it('catches a subscription up, then delivers live appends', async () => {
    const from = await marker();
    const id = stream('sub');
    await store.append(id, [event('A'), event('B'), event('C')], 'no_stream');
    const { state, subscription } = await subscribeFrom(from, { streamPrefixes: [id] });
    try {
      await waitFor(() => state.events.length === 3, 5_000, 'catch-up');
      await store.append(id, [event('D')], 2);
      await store.append(id, [event('E')], 3);
      await waitFor(() => state.events.length === 5, 5_000, 'live events');
      expect(state.events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
      expect(state.checkpoint).toBeGreaterThanOrEqual(state.events[4].position);
    } finally {
      await subscription.close();
    }
  });

  it('gives projections the same events, positions and checkpoints with only what they read', async () => {
    const from = await marker();
    const id = stream('projected');
    await store.append(id, ['Keep', 'Skip', 'Keep'].map((type, i) => event(type, { i, text: 'ñandú' })), 'no_stream');
    const filter = { streamPrefixes: [id], eventTypes: ['Keep'] };
    const full = await subscribeFrom(from, filter);
    const projected: ProjectedEvent[] = [];
    let checkpoint = -1;
    const subscription = await store.subscribeProjected(from, filter, async (batch) => {
      projected.push(...batch.events);
      checkpoint = batch.checkpoint;
    }, { batchSize: 2 });
    try {
      await waitFor(() => full.state.events.length === 2 && projected.length === 2, 5_000, 'both subscriptions');
      await waitFor(() => checkpoint >= full.state.events[1].position, 5_000, 'the projected checkpoint');
      expect(projected.map(({ streamId, position, type, data }) => ({ streamId, position, type, data }))).toEqual(
        full.state.events.map(({ streamId, position, type, data }) => ({ streamId, position, type, data })),
      );
      expect(projected.map((e) => e.data)).toEqual([{ i: 0, text: 'ñandú' }, { i: 2, text: 'ñandú' }]);
    } finally {
      await subscription.close();
      await full.subscription.close();
    }
  });

  it('filters by event type and resumes from a stored checkpoint without gaps or repeats', async () => {
    const from = await marker();
    const id = stream('resume');
    await store.append(id, ['Keep', 'Skip', 'Keep', 'Keep'].map((type, i) => event(type, { i })), 'no_stream');
    const first = await subscribeFrom(from, { streamPrefixes: [id], eventTypes: ['Keep'] });
    await waitFor(() => first.state.events.length === 3, 5_000, 'first run');
    await first.subscription.close();
    await expect(first.subscription.done).resolves.toBeUndefined();
    const checkpoint = first.state.checkpoint;
    expect(first.state.events.map((e) => e.data)).toEqual([{ i: 0 }, { i: 2 }, { i: 3 }]);

    await store.append(id, [event('Keep', { i: 4 }), event('Skip', { i: 5 }), event('Keep', { i: 6 })], 3);
    const second = await subscribeFrom(checkpoint, { streamPrefixes: [id], eventTypes: ['Keep'] });
    try {
      await waitFor(() => second.state.events.length >= 2, 5_000, 'resumed run');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(second.state.events.map((e) => e.data)).toEqual([{ i: 4 }, { i: 6 }]);
    } finally {
      await second.subscription.close();
    }
  });

  it('stops a subscription whose handler fails, reporting the error', async () => {
    const from = await marker();
    const id = stream('failing');
    await store.append(id, [event('Boom')], 'no_stream');
    const subscription = await store.subscribe(from, { streamPrefixes: [id] }, async () => {
      throw new Error('projection failed');
    });
    await expect(subscription.done).rejects.toThrow('projection failed');
    await subscription.close();
  });

  it(`says whether it appends to several streams atomically (${options.atomicAppendMany})`, () => {
    expect(store.atomicAppendMany).toBe(options.atomicAppendMany);
    expect(typeof (store as Partial<AtomicMultiStreamStore>).appendMany).toBe(options.atomicAppendMany ? 'function' : 'undefined');
  });

  if (options.atomicAppendMany) multiStreamContract(() => store, stream, marker);

  it('stores a 1 MB event intact', async () => {
    const id = stream('large');
    const blob = 'x'.repeat(999_000) + 'ñ'.repeat(500);
    await store.append(id, [event('Large', { blob })], 'no_stream');
    const [stored] = await store.readStream(id);
    expect((stored.data as { blob: string }).blob).toBe(blob);
  });

  it('keeps unicode in stream ids, types and payloads', async () => {
    const id = stream('card-Dragón_Blanco_de_Ojos_Azules_LOB_ürün');
    const data = {
      name: 'Dragón Blanco de Ojos Azules',
      jp: '青眼の白龍',
      emoji: '🐉✨👍🏽',
      rtl: 'مرحبا',
      combining: 'e\u0301',
      quotes: `"'\\`,
    };
    await store.append(id, [{ ...event('CartaListada·ñ', data), metadata: { ...metadata, actor: 'usuaria-ñandú' } }], 'no_stream');
    const [stored] = await store.readStream(id);
    expect(stored).toMatchObject({ streamId: id, type: 'CartaListada·ñ', data });
    expect(stored.metadata.actor).toBe('usuaria-ñandú');
  });
}

/** `appendMany`: several streams in one transaction, all or nothing, idempotent by event id. */
function multiStreamContract(current: () => EventStore, stream: (kind: string) => string, marker: () => Promise<number>): void {
  const store = () => {
    const open = current();
    if (!hasAtomicAppendMany(open)) throw new Error(`${open.name} has no appendMany`);
    return open;
  };

  it('appends to several streams at once, numbering positions across them in the order given', async () => {
    const from = await marker();
    const [card, order] = [stream('card'), stream('order')];
    await store().append(card, [event('CardListed')], 'no_stream');
    const result = await store().appendMany([
      { streamId: card, events: [event('StockReserved', { n: 1 }), event('StockReserved', { n: 2 })], expected: 0 },
      { streamId: order, events: [event('OrderPlaced')], expected: 'no_stream' },
    ]);
    expect(result.streams.map(({ streamId, nextRevision }) => [streamId, nextRevision])).toEqual([
      [card, 2],
      [order, 0],
    ]);
    expect(result.position).toBe(result.streams[1].position);
    const read: RecordedEvent[] = [];
    for await (const recorded of store().readAll(from, 10)) if ([card, order].includes(recorded.streamId)) read.push(recorded);
    expect(read.map((e) => [e.streamId, e.revision, e.type])).toEqual([
      [card, 0, 'CardListed'],
      [card, 1, 'StockReserved'],
      [card, 2, 'StockReserved'],
      [order, 0, 'OrderPlaced'],
    ]);
    const positions = read.map((e) => e.position);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(new Set(positions).size).toBe(4);
    expect(read[2].position).toBe(result.streams[0].position);
    expect(read[3].position).toBe(result.position);
  });

  it('writes nothing when one stream is not at its expected revision, naming that stream', async () => {
    const [a, b, c] = [stream('card'), stream('card'), stream('order')];
    await store().append(a, [event('CardListed')], 'no_stream');
    await store().append(b, [event('CardListed'), event('StockAdded')], 'no_stream');
    const conflict = await store()
      .appendMany([
        { streamId: a, events: [event('StockReserved')], expected: 0 },
        { streamId: b, events: [event('StockReserved')], expected: 0 },
        { streamId: c, events: [event('OrderPlaced')], expected: 'no_stream' },
      ])
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(ConcurrencyError);
    expect(conflict).toMatchObject({ streamId: b, expected: 0, actual: 1 });
    expect((await store().readStream(a)).map((e) => e.type)).toEqual(['CardListed']);
    expect((await store().readStream(b)).map((e) => e.type)).toEqual(['CardListed', 'StockAdded']);
    expect(await store().readStream(c)).toEqual([]);
  });

  it('treats a re-sent multi-stream append as a no-op returning the first result', async () => {
    const [a, b] = [stream('card'), stream('order')];
    const appends = [
      { streamId: a, events: [event('StockAdded', {}, randomUUID())], expected: 'no_stream' as const },
      { streamId: b, events: [event('OrderPlaced', {}, randomUUID()), event('Noted', {}, randomUUID())], expected: 'no_stream' as const },
    ];
    const first = await store().appendMany(appends);
    expect(first.streams.map((one) => one.duplicate)).toEqual([false, false]);
    const again = { ...first, streams: first.streams.map((one) => ({ ...one, duplicate: true })) };
    expect(await store().appendMany(appends)).toEqual(again);
    await store().append(a, [event('StockReserved')], 0);
    // The streams moved on: the stale expected revisions must not turn the retry into a conflict.
    expect(await store().appendMany(appends)).toEqual(again);
    expect((await store().readStream(a)).map((e) => e.revision)).toEqual([0, 1]);
    expect((await store().readStream(b)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('refuses event ids of another append, and a stream named twice, writing nothing', async () => {
    const [a, b] = [stream('card'), stream('order')];
    const used = event('StockAdded', {}, randomUUID());
    await store().append(a, [used], 'no_stream');
    const reused = store().appendMany([
      { streamId: a, events: [event('StockReserved')], expected: 0 },
      { streamId: b, events: [used], expected: 'no_stream' },
    ]);
    await expect(reused).rejects.toBeInstanceOf(EventIdReusedError);
    const twice = store().appendMany([
      { streamId: b, events: [event('OrderPlaced')], expected: 'no_stream' },
      { streamId: b, events: [event('Noted')], expected: 'any' },
    ]);
    await expect(twice).rejects.toThrow();
    expect(await store().readStream(a)).toHaveLength(1);
    expect(await store().readStream(b)).toEqual([]);
  });
}
