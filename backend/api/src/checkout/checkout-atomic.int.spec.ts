import { CommandBus } from '@nestjs/cqrs';
import { cardStreamName, orderStreamName } from '@tcg/domain';
import type { Database, EventStore } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { StreamDecider, WriteMetrics } from '../inventory';
import { ConfirmOrderCommand } from '../orders';
import { createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { checkoutInput, tryCheckout } from './testing/checkout.fixtures';

/** The checkout on a store with multi-stream appends (docs/decisions/0004): one transaction per order. */
describe('atomic checkout (real PostgreSQL)', () => {
  let t: TestApp;
  let store: EventStore;
  let db: Database;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    store = t.app.get<EventStore>(EVENT_STORE);
    db = t.app.get<Database>(DATABASE);
  });
  afterAll(() => t.close());

  const transactionOf = (position: number) => Math.floor(position / 65536);

  it('writes every reservation and the order in one transaction, with no write-ahead attempt', async () => {
    expect(store.atomicAppendMany).toBe(true);
    const a = await createTestCard(t.app, { name: 'One Tx A', stock: 3, price: 100 });
    const b = await createTestCard(t.app, { name: 'One Tx B', stock: 3, price: 200 });
    const outcome = await tryCheckout(
      t.app,
      checkoutInput([
        { cardId: a, quantity: 1, unitPrice: 100 },
        { cardId: b, quantity: 2, unitPrice: 200 },
      ]),
    );
    if (!outcome.ok) throw outcome.error;
    const [reservedA] = (await store.readStream(cardStreamName(a))).slice(-1);
    const [reservedB] = (await store.readStream(cardStreamName(b))).slice(-1);
    const [placed] = await store.readStream(orderStreamName(outcome.result.orderId));
    expect([reservedA.type, reservedB.type, placed.type]).toEqual(['StockReserved', 'StockReserved', 'OrderPlaced']);
    expect(new Set([reservedA, reservedB, placed].map((event) => transactionOf(event.position))).size).toBe(1);
    expect(outcome.result.position).toBe(placed.position);
    expect(Math.max(reservedA.position, reservedB.position)).toBeLessThan(placed.position);
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM reservation_attempts WHERE order_id = $1) AS attempts,
              (SELECT count(*) FROM idempotency_keys WHERE user_id = $2) AS keys`,
      [outcome.result.orderId, 'user-1'],
    );
    expect(rows).toEqual([{ attempts: 0, keys: 0 }]);
  });

  it('writes nothing at all for a cart with one short line', async () => {
    const a = await createTestCard(t.app, { name: 'Plenty', stock: 9, price: 100 });
    const b = await createTestCard(t.app, { name: 'Short', stock: 1, price: 100 });
    const before = [(await store.readStream(cardStreamName(a))).length, (await store.readStream(cardStreamName(b))).length];
    const input = checkoutInput([
      { cardId: a, quantity: 1, unitPrice: 100 },
      { cardId: b, quantity: 2, unitPrice: 100 },
    ]);
    const outcome = await tryCheckout(t.app, input);
    expect(outcome.ok === false && [outcome.error.code, outcome.error.message, outcome.error.details]).toEqual([
      'insufficient_stock',
      'Stock insuficiente para Short',
      { cardId: b, available: 1 },
    ]);
    const after = [(await store.readStream(cardStreamName(a))).length, (await store.readStream(cardStreamName(b))).length];
    expect(after).toEqual(before);
    const { rows } = await db.query('SELECT 1 FROM idempotency_keys WHERE key = $1', [input.idempotencyKey]);
    expect(rows).toEqual([]);
  });

  it('answers a retried submit whose first answer was lost with the same order, and still refuses another cart', async () => {
    const cardId = await createTestCard(t.app, { name: 'Lost Answer', stock: 5, price: 300 });
    const input = checkoutInput([{ cardId, quantity: 2, unitPrice: 300 }]);
    const first = await tryCheckout(t.app, input);
    if (!first.ok) throw first.error;
    // A crash right after the append loses the proof's row (its commit does not wait for its flush).
    await db.query('DELETE FROM order_proofs WHERE order_id = $1', [first.result.orderId]);
    const other = await tryCheckout(t.app, { ...input, items: [{ cardId, quantity: 1, unitPrice: 300 }] });
    expect(other.ok === false && [other.error.getStatus(), other.error.code]).toEqual([422, 'idempotency_key_reused']);
    const again = await tryCheckout(t.app, input);
    expect(again).toEqual(first);
    const split = await tryCheckout(t.app, {
      ...input,
      items: [
        { cardId, quantity: 1, unitPrice: 300 },
        { cardId, quantity: 1, unitPrice: 300 },
      ],
    });
    expect(split).toEqual(first);
    expect(await stockFromEvents(t.app, cardId)).toBe(3);
  });

  it('answers a retry after the order was confirmed with the first answer, position included', async () => {
    const cardId = await createTestCard(t.app, { name: 'Confirmed Then Retried', stock: 5, price: 300 });
    const input = checkoutInput([{ cardId, quantity: 1, unitPrice: 300 }], { proofHash: 'shared-proof' });
    const first = await tryCheckout(t.app, input);
    const other = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 300 }], { proofHash: 'shared-proof' }));
    if (!first.ok || !other.ok) throw new Error('both orders should be placed');
    expect(other.result.duplicateProofOf).toBe(first.result.orderId);
    await t.app.get(CommandBus).execute(new ConfirmOrderCommand(first.result.orderId, testContext));
    expect(await tryCheckout(t.app, input)).toEqual(first);
  });

  it('answers a duplicate whose order another process placed, found through the expected revision', async () => {
    const cardId = await createTestCard(t.app, { name: 'Placed Elsewhere', stock: 5, price: 300 });
    const input = checkoutInput([{ cardId, quantity: 1, unitPrice: 300 }]);
    const first = await tryCheckout(t.app, input);
    if (!first.ok) throw first.error;
    // This process has never seen the order stream: it takes it as new, and the append says otherwise.
    t.app.get(StreamDecider).cache.delete(orderStreamName(first.result.orderId));
    expect(await tryCheckout(t.app, input)).toEqual(first);
    expect(await stockFromEvents(t.app, cardId)).toBe(4);
  });

  it('decides again when another process wrote to a card after this one cached it', async () => {
    const cardId = await createTestCard(t.app, { name: 'Stale Cache', stock: 2, price: 100 });
    const metrics = t.app.get(WriteMetrics);
    const retriesBefore = metrics.conflictRetries;
    const [last] = (await store.readStream(cardStreamName(cardId))).slice(-1);
    // Another API process sells the last two units behind this process's snapshot cache.
    await store.append(
      cardStreamName(cardId),
      [
        {
          type: 'StockReserved',
          data: { version: 1, cardId, reservationId: 'elsewhere', orderId: 'elsewhere', quantity: 2, at: new Date().toISOString() },
          metadata: testContext,
        },
      ],
      last.revision,
    );
    const outcome = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 100 }]));
    expect(outcome.ok === false && [outcome.error.code, outcome.error.details]).toEqual(['insufficient_stock', { cardId, available: 0 }]);
    expect(await stockFromEvents(t.app, cardId)).toBe(0);

    const restocked = await createTestCard(t.app, { name: 'Stale Then Fine', stock: 3, price: 100 });
    const [tail] = (await store.readStream(cardStreamName(restocked))).slice(-1);
    await store.append(
      cardStreamName(restocked),
      [
        {
          type: 'StockAdded',
          data: { version: 1, cardId: restocked, quantity: 1, unitCost: 100, at: new Date().toISOString() },
          metadata: testContext,
        },
      ],
      tail.revision,
    );
    const placed = await tryCheckout(t.app, checkoutInput([{ cardId: restocked, quantity: 1, unitPrice: 100 }]));
    expect(placed.ok).toBe(true);
    expect(metrics.conflictRetries).toBeGreaterThanOrEqual(retriesBefore + 2);
    expect(await stockFromEvents(t.app, restocked)).toBe(3);
  });
});

describe('atomic checkout on the embedded store (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' }, { embedded: true });
  });
  afterAll(() => t.close());

  it('places an order in one append, refuses a short cart whole, and answers a retry with the first result', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    expect([store.name, store.atomicAppendMany]).toEqual(['pglite', true]);
    const a = await createTestCard(t.app, { name: 'Embedded A', stock: 2, price: 100 });
    const b = await createTestCard(t.app, { name: 'Embedded B', stock: 1, price: 100 });
    const input = checkoutInput([
      { cardId: a, quantity: 1, unitPrice: 100 },
      { cardId: b, quantity: 1, unitPrice: 100 },
    ]);
    const first = await tryCheckout(t.app, input);
    if (!first.ok) throw first.error;
    expect(await tryCheckout(t.app, input)).toEqual(first);
    const short = await tryCheckout(
      t.app,
      checkoutInput([
        { cardId: a, quantity: 1, unitPrice: 100 },
        { cardId: b, quantity: 1, unitPrice: 100 },
      ]),
    );
    expect(short.ok === false && short.error.message).toBe('Stock insuficiente para Embedded B');
    expect([await stockFromEvents(t.app, a), await stockFromEvents(t.app, b)]).toEqual([1, 0]);
  });
});
