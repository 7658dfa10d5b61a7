import { CommandBus } from '@nestjs/cqrs';
import { type CardState, listEntries, orderDecider, orderStreamName, parseOrderEvent, fold, type OrderState } from '@tcg/domain';
import type { EventStore } from '@tcg/projections';
import { EVENT_STORE } from '../event-store/event-store.module';
import { cardStateFromEvents, createTestCard, testContext } from '../inventory/testing/write-side.fixtures';
import { CancelOrderCommand, ConfirmOrderCommand } from '../orders';
import { type TestApp, startTestApp } from '../testing/test-app';
import { ApiError } from '../web/api-exception.filter';
import { checkoutInput, tryCheckout } from './testing/checkout.fixtures';

const PRICE = 1000;
const CARDS = 50;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('checkouts, confirms and cancels at once over 50 cards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false', DATABASE_POOL_SIZE: '40' });
  });
  afterAll(() => t.close());

  async function orderState(orderId: string): Promise<OrderState> {
    const recorded = await t.app.get<EventStore>(EVENT_STORE).readStream(orderStreamName(orderId));
    return fold(
      orderDecider,
      recorded.map((event) => {
        const { version, ...data } = event.data as { version: number };
        return parseOrderEvent(event.type, version, data);
      }),
    );
  }

  it('leaves every card with the stock its orders imply and no reservation dangling', async () => {
    const next = random(42);
    const initial = new Map<string, number>();
    for (let i = 0; i < CARDS; i++) {
      const stock = 2 + Math.floor(next() * 6);
      initial.set(await createTestCard(t.app, { name: `Mixed ${i}`, stock, price: PRICE }), stock);
    }
    const ids = [...initial.keys()];
    const bus = t.app.get(CommandBus);
    const orderIds: string[] = [];
    const transition = async (orderId: string, roll: number) => {
      const command = roll < 0.4 ? new ConfirmOrderCommand(orderId, testContext) : new CancelOrderCommand(orderId, testContext);
      // Admins double-click: the second one answers with the current state or a clear 409.
      const outcomes = await Promise.allSettled([bus.execute(command), bus.execute(command)]);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(ApiError);
      }
    };
    const work = Array.from({ length: 300 }, async (_, i) => {
      const lines = 1 + Math.floor(next() * 3);
      const items = Array.from({ length: lines }, () => ({
        cardId: ids[Math.floor(next() * CARDS)],
        quantity: 1 + Math.floor(next() * 2),
        unitPrice: PRICE,
      }));
      const roll = next();
      const outcome = await tryCheckout(t.app, checkoutInput(items, { userId: `buyer-${i % 17}` }));
      if (!outcome.ok) {
        expect(outcome.error.code).toBe('insufficient_stock');
        return;
      }
      orderIds.push(outcome.result.orderId);
      if (roll < 0.75) await transition(outcome.result.orderId, roll);
    });
    await Promise.all(work);
    expect(orderIds.length).toBeGreaterThan(20);

    const orders = new Map<string, OrderState>();
    for (const orderId of orderIds) orders.set(orderId, await orderState(orderId));
    const held = new Map(ids.map((id) => [id, 0]));
    for (const state of orders.values()) {
      if (state.status === 'none' || state.status === 'abandoned') throw new Error(`placed order with status ${state.status}`);
      if (state.status === 'anulado') continue;
      for (const item of state.order.items) held.set(item.cardId, held.get(item.cardId)! + item.quantity);
    }
    for (const cardId of ids) {
      const card: CardState = await cardStateFromEvents(t.app, cardId);
      if (card.status !== 'listed') throw new Error('card not listed');
      expect({ cardId, stock: card.ledger.stock }).toEqual({ cardId, stock: initial.get(cardId)! - held.get(cardId)! });
      for (const [reservationId, reservation] of listEntries(card.reservations)) {
        const order = orders.get(reservation.orderId);
        const ordered = order !== undefined && 'order' in order && order.order.items.some((item) => item.reservationId === reservationId);
        const expected = !ordered
          ? 'released'
          : order?.status === 'confirmado'
            ? 'sold'
            : order?.status === 'anulado'
              ? 'released'
              : 'reserved';
        expect({ reservationId, status: reservation.status }).toEqual({ reservationId, status: expected });
      }
    }
  }, 120_000);
});
