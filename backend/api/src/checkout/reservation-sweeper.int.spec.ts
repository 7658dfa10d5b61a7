import { CommandBus } from '@nestjs/cqrs';
import { decideOrder, findReservation, type OrderEvent, type OrderState, orderStreamName } from '@tcg/domain';
import { type Database, type EventStore, PersonalDataKeys, ProjectionWaiter } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { deterministicUuid, orderStream, ReserveStockCommand, StreamDecider } from '../inventory';
import { PlaceOrderCommand } from '../orders';
import { ApiError } from '../web/api-exception.filter';
import { cardStateFromEvents, createTestCard, stockFromEvents, testContext } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import type { JobQueue } from '../infra/jobs';
import { JOB_QUEUE } from '../jobs/jobs.module';
import { LOGGER, type Logger } from '../logging/logger';
import { ClosedOrdersStore } from './closed-orders.store';
import { ReservationAttemptsStore } from './reservation-attempts.store';
import { ReservationReleaser } from './reservation-releaser';
import { ReservationSweeper, SWEEPER_JOB, SWEEPER_LOCK_SPACE } from './reservation-sweeper.service';
import { requestHash } from './checkout-lines';
import { IdempotencyKeysStore } from './idempotency-keys.store';
import { checkoutInput, tryCheckout } from './testing/checkout.fixtures';

// The sweeper cleans up after the sequential checkout (stores without multi-stream appends); the atomic
// checkout writes no attempt rows and leaves nothing to sweep.
describe('reservation sweeper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  /** What a checkout does before it dies: the write-ahead row, then the reservations, no order. */
  async function crashAfterReserving(cards: string[], userId: string): Promise<string> {
    return (await stallAfterReserving(cards, userId)).attemptId;
  }

  /** A checkout that reserved and then stalled past the sweeper's patience (or died): it may still try to place. */
  async function stallAfterReserving(cards: string[], userId: string) {
    const attemptId = randomUUID();
    const orderId = randomUUID();
    const reservations = cards.map((cardId) => ({ cardId, reservationId: randomUUID(), quantity: 2 }));
    await t.app.get(ReservationAttemptsStore).record(attemptId, orderId, userId, reservations);
    for (const { cardId, reservationId, quantity } of reservations) {
      await t.app.get(CommandBus).execute(new ReserveStockCommand(cardId, reservationId, orderId, quantity, testContext));
    }
    await t.app
      .get<Database>(DATABASE)
      .query(`UPDATE reservation_attempts SET created_at = now() - interval '10 minutes' WHERE attempt_id = $1`, [attemptId]);
    return { attemptId, orderId, reservations };
  }

  /** The stalled checkout's next step: `PlaceOrder` with what it reserved. */
  async function placeLate(orderId: string, reservations: { cardId: string; reservationId: string; quantity: number }[]) {
    const items = reservations.map(({ cardId, reservationId, quantity }) => ({
      cardId,
      name: cardId,
      quantity,
      unitPrice: 100,
      reservationId,
    }));
    const buyer = await t.app.get(PersonalDataKeys).seal({ userId: 'user-late', name: 'Rosa Tardía', email: 'rosa@example.pe', phone: '987654321' });
    const total = items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
    return t.app.get(CommandBus).execute(new PlaceOrderCommand(orderId, buyer, items, total, 'proofs/late.webp', 'late-hash', testContext));
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

  it('skips a scheduled run while another process runs one', async () => {
    const sweeper = t.app.get(ReservationSweeper);
    const other = await t.app.get<Database>(DATABASE).tryLock(SWEEPER_LOCK_SPACE, SWEEPER_JOB);
    expect(other).not.toBeNull();
    try {
      expect(await sweeper.runScheduled()).toBe(false);
    } finally {
      await other?.release();
    }
    expect(await sweeper.runScheduled()).toBe(true);
  });

  it('ends a scheduled run the database broke off (a deadlock) with a warning, for the next run to redo; fails on anything else', async () => {
    const sweeper = t.app.get(ReservationSweeper);
    const run = jest.spyOn(sweeper, 'runScheduled');
    try {
      run.mockRejectedValueOnce(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
      await expect(sweeper.runOnSchedule()).resolves.toBeUndefined();
      run.mockRejectedValueOnce(new Error('column "x" does not exist'));
      await expect(sweeper.runOnSchedule()).rejects.toThrow('column "x" does not exist');
      await expect(sweeper.runOnSchedule()).resolves.toBeUndefined();
      expect(run).toHaveBeenCalledTimes(3);
    } finally {
      run.mockRestore();
    }
  });

  it('leaves fresh attempts and placed orders alone', async () => {
    const cardId = await createTestCard(t.app, { name: 'Kept', stock: 3, price: 100 });
    const placed = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 100 }]), 'sequential');
    if (!placed.ok) throw placed.error;
    const db = t.app.get<Database>(DATABASE);
    // An attempt whose order got placed but the crash came before it was marked so.
    await db.query(`UPDATE reservation_attempts SET status = 'reserving', created_at = now() - interval '10 minutes' WHERE order_id = $1`, [
      placed.result.orderId,
    ]);
    expect(await t.app.get(ReservationSweeper).sweep()).toEqual({ released: 0, placed: 1, failed: 0 });
    expect(await stockFromEvents(t.app, cardId)).toBe(2);
    expect(await t.app.get(ReservationSweeper).sweep(60_000)).toEqual({ released: 0, placed: 0, failed: 0 });
  });

  it('refuses the order of a checkout that comes back after the sweeper gave its stock back', async () => {
    const cardId = await createTestCard(t.app, { name: 'Late Comer', stock: 5, price: 100 });
    const { orderId, reservations } = await stallAfterReserving([cardId], 'user-late');
    expect(await t.app.get(ReservationSweeper).sweep()).toEqual({ released: 1, placed: 0, failed: 0 });

    const refusal = await placeLate(orderId, reservations).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: 'order_abandoned',
      message: 'El pedido tardó demasiado y sus productos se liberaron. Vuelve a intentarlo.',
    });
    expect((refusal as ApiError).getStatus()).toBe(409);
    const { state } = await t.app.get(StreamDecider).load(orderStream, orderStreamName(orderId));
    expect(state.status).toBe('abandoned');
    expect(await stockFromEvents(t.app, cardId)).toBe(5);
  });

  it('lets exactly one of a late placement and the sweeper win when they race', async () => {
    for (let round = 0; round < 6; round++) {
      const cardId = await createTestCard(t.app, { name: `Race ${round}`, stock: 5, price: 100 });
      const { orderId, reservations } = await stallAfterReserving([cardId], 'user-race');
      const [swept, placed] = await Promise.all([
        t.app.get(ReservationSweeper).sweep(),
        placeLate(orderId, reservations).then(
          () => true,
          (error: unknown) => {
            if (error instanceof ApiError && error.code === 'order_abandoned') return false;
            throw error;
          },
        ),
      ]);
      const { state } = await t.app.get(StreamDecider).load(orderStream, orderStreamName(orderId));
      if (placed) {
        expect(swept).toMatchObject({ released: 0, placed: 1 });
        expect(state.status).toBe('pendiente_confirmación_pago');
        expect(await stockFromEvents(t.app, cardId)).toBe(3);
      } else {
        expect(swept).toMatchObject({ released: 1, placed: 0 });
        expect(state.status).toBe('abandoned');
        expect(await stockFromEvents(t.app, cardId)).toBe(5);
      }
    }
  });

  it('answers a retried submit of a swept checkout with the refusal, and frees the key', async () => {
    const cardId = await createTestCard(t.app, { name: 'Retried Late', stock: 5, price: 100 });
    const input = checkoutInput([{ cardId, quantity: 2, unitPrice: 100 }], { userId: 'user-retry' });
    const claim = { key: input.idempotencyKey, userId: 'user-retry', requestHash: requestHash({ ...input, buyer: await t.app.get(PersonalDataKeys).seal(input.buyer) }) };
    // The first request claimed the key and reserved, then died; the sweeper gave the stock back.
    const orderId = deterministicUuid(`order:${claim.userId}:${claim.key}`);
    const reservations = [{ cardId, reservationId: randomUUID(), quantity: 2 }];
    const attemptId = randomUUID();
    expect(await t.app.get(IdempotencyKeysStore).claim(claim, { attemptId, orderId, reservations })).toEqual({
      kind: 'owner',
      takeover: false,
    });
    await t.app.get(CommandBus).execute(new ReserveStockCommand(cardId, reservations[0].reservationId, orderId, 2, testContext));
    const db = t.app.get<Database>(DATABASE);
    await db.query(`UPDATE reservation_attempts SET created_at = now() - interval '10 minutes' WHERE attempt_id = $1`, [attemptId]);
    await db.query(`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE user_id = $1 AND key = $2`, [
      claim.userId,
      claim.key,
    ]);
    expect(await t.app.get(ReservationSweeper).sweep()).toEqual({ released: 1, placed: 0, failed: 0 });

    const retried = await tryCheckout(t.app, input, 'sequential');
    expect(retried.ok === false && [retried.error.getStatus(), retried.error.code]).toEqual([409, 'order_abandoned']);
    const { rows } = await db.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2', [claim.userId, claim.key]);
    expect(rows).toEqual([]);
    expect(await stockFromEvents(t.app, cardId)).toBe(5);
    const again = checkoutInput([{ cardId, quantity: 2, unitPrice: 100 }], { userId: 'user-retry' });
    expect((await tryCheckout(t.app, again, 'sequential')).ok).toBe(true);
  });

  describe('finishing confirmed and cancelled orders', () => {
    /** What a sweeper of another process is made of. */
    const sweeperParts = () =>
      [
        t.app.get<JobQueue>(JOB_QUEUE),
        t.app.get(ReservationAttemptsStore),
        t.app.get(ReservationReleaser),
        t.app.get(StreamDecider),
        t.app.get(ClosedOrdersStore),
        t.app.get(CommandBus),
        t.app.get<Database>(DATABASE),
        t.app.get<Logger>(LOGGER),
      ] as const;

    /** Everything projected: the sweeper reads the orders and movements read models. */
    async function projected(): Promise<void> {
      const head = await t.app.get<EventStore>(EVENT_STORE).head();
      expect(await t.app.get(ProjectionWaiter).waitFor(head, 10_000)).toBe(true);
    }

    /** An order placed on 2 reserved units, then closed on its stream by a process that died before touching the card. */
    async function closedHalfway(name: string, close: 'ConfirmOrder' | 'CancelOrder') {
      const cardId = await createTestCard(t.app, { name, stock: 5, price: 100 });
      const orderId = randomUUID();
      const reservations = [{ cardId, reservationId: randomUUID(), quantity: 2 }];
      await t.app.get(CommandBus).execute(new ReserveStockCommand(cardId, reservations[0].reservationId, orderId, 2, testContext));
      await placeLate(orderId, reservations);
      await t.app.get(StreamDecider).decide<OrderEvent, OrderState>(orderStream, {
        streamId: orderStreamName(orderId),
        context: testContext,
        decide: (state) => decideOrder({ type: close, data: { at: new Date() } }, state),
      });
      await projected();
      return { cardId, orderId, reservationId: reservations[0].reservationId };
    }

    it('releases the lines of an order cancelled halfway, once', async () => {
      const { cardId } = await closedHalfway('Cancelled Halfway', 'CancelOrder');
      expect(await stockFromEvents(t.app, cardId)).toBe(3);
      const sweeper = t.app.get(ReservationSweeper);
      expect(await sweeper.finishClosedOrders(0)).toEqual({ finished: 1, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(5);
      await projected();
      expect(await sweeper.finishClosedOrders(0)).toEqual({ finished: 0, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(5);
    });

    it('settles the lines of an order confirmed halfway as sales', async () => {
      const { cardId, reservationId } = await closedHalfway('Confirmed Halfway', 'ConfirmOrder');
      expect(await t.app.get(ReservationSweeper).finishClosedOrders(0)).toEqual({ finished: 1, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(3);
      expect(findReservation(await cardStateFromEvents(t.app, cardId), reservationId)?.status).toBe('sold');
    });

    it('finishes on its first run an order closed halfway longer ago than its regular runs look back', async () => {
      const { cardId, orderId } = await closedHalfway('Cancelled Long Ago', 'CancelOrder');
      await t.app.get<Database>(DATABASE).query("UPDATE orders SET updated_at = now() - interval '30 days' WHERE id = $1", [orderId]);
      // A sweeper that has looked at every closed order once (here: none old enough) then looks at the last week only.
      const seasoned = new ReservationSweeper(...sweeperParts());
      expect(await seasoned.finishClosedOrders(100 * 365 * 86_400_000)).toEqual({ finished: 0, failed: 0 });
      expect(await seasoned.finishClosedOrders(0)).toEqual({ finished: 0, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(3);
      // A process's first run (a shop back after a long stop) looks at every closed order.
      const fresh = new ReservationSweeper(...sweeperParts());
      expect(await fresh.finishClosedOrders(0)).toEqual({ finished: 1, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(5);
    });

    it('leaves a closed order alone while its confirm or cancel may still be running', async () => {
      const { cardId } = await closedHalfway('Cancelled Just Now', 'CancelOrder');
      expect(await t.app.get(ReservationSweeper).finishClosedOrders()).toEqual({ finished: 0, failed: 0 });
      expect(await stockFromEvents(t.app, cardId)).toBe(3);
    });
  });
});
