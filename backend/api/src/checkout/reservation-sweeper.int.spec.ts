import { CommandBus } from '@nestjs/cqrs';
import type { Database } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../database/database.module';
import { ReserveStockCommand } from '../inventory';
import { cardStateFromEvents, createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationSweeper } from './reservation-sweeper.service';
import { checkoutInput, tryCheckout } from './testing/checkout.fixtures';

describe('reservation sweeper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  /** What a checkout does before it dies: the write-ahead row, then the reservations, no order. */
  async function crashAfterReserving(cards: string[], userId: string): Promise<string> {
    const attemptId = randomUUID();
    const orderId = randomUUID();
    const reservations = cards.map((cardId) => ({ cardId, reservationId: randomUUID(), quantity: 2 }));
    await t.app.get(ReservationAttemptsStore).record(attemptId, orderId, userId, reservations);
    for (const { cardId, reservationId, quantity } of reservations) {
      await t.app.get(CommandBus).execute(new ReserveStockCommand(cardId, reservationId, orderId, quantity, testContext));
    }
    await t.app.get<Database>(DATABASE).query(
      `UPDATE reservation_attempts SET created_at = now() - interval '10 minutes' WHERE attempt_id = $1`,
      [attemptId],
    );
    return attemptId;
  }

  it('gives back stock reserved by a checkout that never placed its order, once', async () => {
    const a = await createTestCard(t.app, { name: 'Swept A', stock: 5, price: 100 });
    const b = await createTestCard(t.app, { name: 'Swept B', stock: 5, price: 100 });
    const attemptId = await crashAfterReserving([a, b], 'user-crash');
    expect(await stockFromEvents(t.app, a)).toBe(3);

    const sweeper = t.app.get(ReservationSweeper);
    expect(await sweeper.sweep()).toEqual({ released: 1, placed: 0, failed: 0 });
    expect(await stockFromEvents(t.app, a)).toBe(5);
    expect(await stockFromEvents(t.app, b)).toBe(5);

    expect(await sweeper.sweep()).toEqual({ released: 0, placed: 0, failed: 0 });
    await t.app.get<Database>(DATABASE).query(`UPDATE reservation_attempts SET status = 'reserving' WHERE attempt_id = $1`, [attemptId]);
    expect(await sweeper.sweep()).toEqual({ released: 1, placed: 0, failed: 0 });
    const state = await cardStateFromEvents(t.app, a);
    expect(state.status === 'listed' && state.ledger.stock).toBe(5);
  });

  it('leaves fresh attempts and placed orders alone', async () => {
    const cardId = await createTestCard(t.app, { name: 'Kept', stock: 3, price: 100 });
    const placed = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 100 }]));
    if (!placed.ok) throw placed.error;
    const db = t.app.get<Database>(DATABASE);
    // An attempt whose order got placed but the crash came before it was marked so.
    await db.query(
      `UPDATE reservation_attempts SET status = 'reserving', created_at = now() - interval '10 minutes' WHERE order_id = $1`,
      [placed.result.orderId],
    );
    expect(await t.app.get(ReservationSweeper).sweep()).toEqual({ released: 0, placed: 1, failed: 0 });
    expect(await stockFromEvents(t.app, cardId)).toBe(2);
    expect(await t.app.get(ReservationSweeper).sweep(60_000)).toEqual({ released: 0, placed: 0, failed: 0 });
  });
});
