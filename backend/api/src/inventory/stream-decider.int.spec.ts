import { CommandBus } from '@nestjs/cqrs';
import { cardStreamName } from '@tcg/domain';
import { EventIdReusedError, type EventStore } from '@tcg/projections';
import { EVENT_STORE } from '../event-store/event-store.module';
import { type TestApp, startTestApp } from '../testing/test-app';
import { AddStockCommand } from './commands/add-stock.command';
import { ReserveStockCommand } from './commands/reserve-stock.command';
import { randomUUID } from 'node:crypto';
import { cardStream, deterministicUuid, requestHash, StreamDecider, WriteMetrics } from './streams';
import { cardEvents, createTestCard, stockFromEvents, testContext } from './testing/write-side.fixtures';

describe('deciding on a card stream (real PostgreSQL)', () => {
  let t: TestApp;
  let bus: CommandBus;
  let store: EventStore;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    bus = t.app.get(CommandBus);
    store = t.app.get(EVENT_STORE);
  });
  afterAll(() => t.close());

  /** Another process's ingreso: straight into the store, unseen by this process's snapshot cache. */
  async function addStockElsewhere(cardId: string, quantity: number): Promise<void> {
    const data = { version: 1, cardId, quantity, unitCost: 0, at: new Date().toISOString() };
    await store.append(cardStreamName(cardId), [{ type: 'StockAdded', data, metadata: { correlationId: 'other', actor: 'other' } }], 'any');
  }

  it('retries on a conflict: a stale snapshot fails the expected revision, is dropped and reloaded', async () => {
    const cardId = await createTestCard(t.app, { name: 'Conflicted', stock: 1, price: 100 });
    await addStockElsewhere(cardId, 5);
    const metrics = t.app.get(WriteMetrics);
    const before = metrics.conflictRetries;
    const result = await bus.execute(new AddStockCommand(cardId, 2, 100, testContext));
    expect(metrics.conflictRetries).toBe(before + 1);
    expect(result.stock).toBe(8);
    expect(await stockFromEvents(t.app, cardId)).toBe(8);
  });

  it('checks a refusal taken on a cached snapshot against the newer events', async () => {
    const cardId = await createTestCard(t.app, { name: 'Restocked Elsewhere', stock: 0, price: 100 });
    await addStockElsewhere(cardId, 3);
    const result = await bus.execute(new ReserveStockCommand(cardId, 'r-1', 'o-1', 3, testContext));
    expect(result).toMatchObject({ changed: true, stock: 0 });
  });

  it('loads from the snapshot: only the events after the cached revision are read', async () => {
    const cardId = await createTestCard(t.app, { name: 'Long History', stock: 1, price: 100 });
    for (let i = 0; i < 20; i++) await bus.execute(new AddStockCommand(cardId, 1, 100, testContext));
    await addStockElsewhere(cardId, 1);
    const read = jest.spyOn(store, 'readStream');
    try {
      await bus.execute(new ReserveStockCommand(cardId, 'r-2', 'o-2', 22, testContext));
      expect(read.mock.calls.filter(([stream]) => stream === cardStreamName(cardId))).toEqual([[cardStreamName(cardId), 23]]);
    } finally {
      read.mockRestore();
    }
    expect(await stockFromEvents(t.app, cardId)).toBe(0);
  });

  it('adds a re-sent ingreso once when it carries the same request id', async () => {
    const cardId = await createTestCard(t.app, { name: 'Resent', stock: 1, price: 100 });
    await bus.execute(new AddStockCommand(cardId, 4, 250, testContext, 'req-1'));
    t.app.get(StreamDecider).cache.delete(cardStreamName(cardId));
    await bus.execute(new AddStockCommand(cardId, 4, 250, testContext, 'req-1'));
    expect((await cardEvents(t.app, cardId)).filter((event) => event.type === 'StockAdded')).toHaveLength(2);
    expect(await stockFromEvents(t.app, cardId)).toBe(5);
  });

  it('trusts the store, not its own decision, when its request id was already used elsewhere', async () => {
    const cardId = await createTestCard(t.app, { name: 'Twice Keyed', stock: 1, price: 100 });
    const stream = cardStreamName(cardId);
    await t.app.get(StreamDecider).load(cardStream, stream);
    // Another process ran AddStock(1) under request id 'K' first: the same event id this process will send.
    const data = { version: 1, cardId, quantity: 1, unitCost: 100, at: new Date().toISOString() };
    const id = deterministicUuid(`add-stock:${cardId}:K:StockAdded:0`);
    const metadata = { correlationId: 'other', actor: 'other', requestHash: requestHash({ quantity: 1, unitCost: 100 }) };
    await store.append(stream, [{ id, type: 'StockAdded', data, metadata }], 'any');

    // With another quantity the key is refused; the same request is answered as done, writing nothing.
    await expect(bus.execute(new AddStockCommand(cardId, 50, 100, testContext, 'K'))).rejects.toBeInstanceOf(EventIdReusedError);
    expect(await bus.execute(new AddStockCommand(cardId, 1, 100, testContext, 'K'))).toMatchObject({ changed: false, stock: 2 });
    // Before: this process believed 51 and reserved 40 of them, leaving the store at -38.
    await expect(bus.execute(new ReserveStockCommand(cardId, randomUUID(), 'order-x', 40, testContext))).rejects.toMatchObject({ status: 409 });
    expect(await stockFromEvents(t.app, cardId)).toBe(2);
  });

  it('answers refusals as API errors with the domain code and Spanish message', async () => {
    const cardId = await createTestCard(t.app, { name: 'Refuser', stock: 1, price: 100 });
    await expect(bus.execute(new AddStockCommand(cardId, 0, 100, testContext))).rejects.toMatchObject({ status: 400, code: 'invalid_quantity' });
    await expect(bus.execute(new AddStockCommand(cardId, 1, 12.5, testContext))).rejects.toMatchObject({ status: 400, code: 'invalid_unit_cost' });
    await expect(bus.execute(new AddStockCommand('missing', 1, 1, testContext))).rejects.toMatchObject({ status: 404, code: 'card_not_listed' });
  });
});
