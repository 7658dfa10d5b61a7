import { CommandBus } from '@nestjs/cqrs';
import { cardStreamName, orderStreamName } from '@tcg/domain';
import type { EventStore } from '@tcg/projections';
import { tryCheckout, checkoutInput } from '../checkout/testing/checkout.fixtures';
import { EVENT_STORE } from '../event-store/event-store.module';
import { deterministicUuid } from '../inventory';
import { cardEvents, createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { CancelOrderCommand } from './commands/cancel-order.command';
import { ConfirmOrderCommand } from './commands/confirm-order.command';

describe('admin order transitions', () => {
  let t: TestApp;
  let bus: CommandBus;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    bus = t.app.get(CommandBus);
  });
  afterAll(() => t.close());

  async function placeOrder(cardId: string, quantity: number): Promise<string> {
    const outcome = await tryCheckout(t.app, checkoutInput([{ cardId, quantity, unitPrice: 500 }]));
    if (!outcome.ok) throw outcome.error;
    return outcome.result.orderId;
  }

  const count = async (cardId: string, type: string) => (await cardEvents(t.app, cardId)).filter((e) => e.type === type).length;

  it('confirms once: a second confirm answers the current state and sells nothing more', async () => {
    const cardId = await createTestCard(t.app, { name: 'Confirm Me', stock: 4, price: 500 });
    const orderId = await placeOrder(cardId, 3);
    const first = await bus.execute(new ConfirmOrderCommand(orderId, testContext));
    expect(first).toMatchObject({ orderId, status: 'confirmado', changed: true });
    const second = await bus.execute(new ConfirmOrderCommand(orderId, testContext));
    expect(second).toMatchObject({ orderId, status: 'confirmado', changed: false });
    expect(second.position).toBeGreaterThanOrEqual(first.position);
    expect(await count(cardId, 'StockSold')).toBe(1);
    expect(await stockFromEvents(t.app, cardId)).toBe(1);
    await expect(bus.execute(new CancelOrderCommand(orderId, testContext))).rejects.toMatchObject({
      code: 'order_already_confirmed',
      status: 409,
    });
  });

  it('cancels once and puts the stock back; confirming it afterwards is refused in Spanish', async () => {
    const cardId = await createTestCard(t.app, { name: 'Cancel Me', stock: 4, price: 500 });
    const orderId = await placeOrder(cardId, 3);
    expect(await stockFromEvents(t.app, cardId)).toBe(1);
    await bus.execute(new CancelOrderCommand(orderId, testContext));
    expect(await bus.execute(new CancelOrderCommand(orderId, testContext))).toMatchObject({ status: 'anulado', changed: false });
    expect(await count(cardId, 'StockReleased')).toBe(1);
    expect(await stockFromEvents(t.app, cardId)).toBe(4);
    await expect(bus.execute(new ConfirmOrderCommand(orderId, testContext))).rejects.toMatchObject({
      status: 409,
      code: 'order_already_cancelled',
      message: 'El pedido ya fue anulado; no se puede confirmar.',
    });
  });

  // Before: an admin's OrderConfirmed and OrderCancelled named the request as their cause, not the order.
  it('names the order as the cause of its confirmation or cancellation and of the card events they write', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const cardId = await createTestCard(t.app, { name: 'Caused By', stock: 4, price: 500 });
    const confirmed = await placeOrder(cardId, 1);
    const cancelled = await placeOrder(cardId, 1);
    await bus.execute(new ConfirmOrderCommand(confirmed, testContext));
    await bus.execute(new CancelOrderCommand(cancelled, testContext));
    for (const orderId of [confirmed, cancelled]) {
      const causes = (await store.readStream(orderStreamName(orderId))).map((event) => [event.type, event.metadata.causationId]);
      expect(causes).toEqual([
        ['OrderPlaced', orderId],
        [orderId === confirmed ? 'OrderConfirmed' : 'OrderCancelled', orderId],
      ]);
    }
    const closing = (await store.readStream(cardStreamName(cardId))).filter((event) => event.type === 'StockSold' || event.type === 'StockReleased');
    expect(closing.map((event) => [event.type, event.metadata.causationId])).toEqual([
      ['StockSold', confirmed],
      ['StockReleased', cancelled],
    ]);
  });

  it('finishes a confirm that crashed after OrderConfirmed, before the sales', async () => {
    const cardId = await createTestCard(t.app, { name: 'Half Confirmed', stock: 2, price: 500 });
    const orderId = await placeOrder(cardId, 2);
    await t.app.get<EventStore>(EVENT_STORE).append(
      orderStreamName(orderId),
      [{ id: deterministicUuid(`OrderConfirmed:${orderId}`), type: 'OrderConfirmed', data: { version: 1, orderId, at: new Date().toISOString() }, metadata: { correlationId: 'crash', actor: 'test' } }],
      'any',
    );
    expect(await count(cardId, 'StockSold')).toBe(0);
    // This process still holds the order as pending; the retried OrderConfirmed carries the same event
    // id as the stored one, so the store keeps one and the handler goes on to the sales.
    expect(await bus.execute(new ConfirmOrderCommand(orderId, testContext))).toMatchObject({ status: 'confirmado' });
    expect(await count(cardId, 'StockSold')).toBe(1);
    const stored = await t.app.get<EventStore>(EVENT_STORE).readStream(orderStreamName(orderId));
    expect(stored.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderConfirmed']);
    expect(await stockFromEvents(t.app, cardId)).toBe(0);
  });

  it('answers 404 for an order that does not exist', async () => {
    await expect(bus.execute(new ConfirmOrderCommand('no-such-order', testContext))).rejects.toMatchObject({
      status: 404,
      code: 'order_not_found',
    });
  });
});
