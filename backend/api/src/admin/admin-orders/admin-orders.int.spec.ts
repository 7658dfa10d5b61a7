import { MAX_AMOUNT_CENTS, MAX_MOVEMENT_UNITS, orderStreamName } from '@tcg/domain';
import { type Database, ERASED, type EventStore, forgetCustomer, ordersProjection, replayProjections } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import { checkoutInput, tryCheckout } from '../../checkout/testing/checkout.fixtures';
import { DATABASE } from '../../database/database.module';
import { EVENT_STORE } from '../../event-store/event-store.module';
import { createTestCard } from '../../inventory/testing/write-side.fixtures';
import { CSRF, pngImage, type Shopper, signInAdmin, signInNewCustomer, uploadProof } from '../../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { auditRow, readModelsAtHead } from '../stock-check/testing/audit.fixtures';
import type { AdminOrder } from './queries/list-admin-orders.query';

describe('admin orders API (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Shopper;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    admin = await signInAdmin(t);
  });
  afterAll(() => t.close());

  async function card(name: string, stock: number, price = 500) {
    const id = await createTestCard(t.app, { name, stock, price });
    return { id, name, price };
  }

  /** An order placed by the checkout command; `proofHash` lets two orders share a proof image. */
  async function placeOrder(lines: { card: { id: string; price: number }; quantity: number }[], proofHash?: string) {
    const items = lines.map(({ card, quantity }) => ({
      cardId: card.id,
      quantity,
      unitPrice: card.price,
    }));
    const outcome = await tryCheckout(t.app, checkoutInput(items, { proofHash }));
    if (!outcome.ok) throw outcome.error;
    return outcome.result.orderId;
  }

  async function listed(): Promise<AdminOrder[]> {
    return (await admin.agent.get('/api/admin/orders').expect(200)).body.orders;
  }

  const confirm = (orderId: string) => admin.agent.post(`/api/admin/orders/${orderId}/confirm`).set(CSRF);
  const cancel = (orderId: string) => admin.agent.post(`/api/admin/orders/${orderId}/cancel`).set(CSRF);

  it('lists every buyer’s orders newest first, with contact, line totals, total, proof link and reused proofs', async () => {
    const jinzo = await card('Jinzo Lista', 10, 5000);
    const kuriboh = await card('Kuriboh Lista', 10, 350);
    const lucia: Shopper = await signInNewCustomer(t);
    const { body: proof } = await uploadProof(lucia, await pngImage(), 'pago.png').expect(201);
    const viaHttp = await lucia.agent
      .post('/api/checkout')
      .set(CSRF)
      .set('Idempotency-Key', randomUUID())
      .send({
        name: 'Lucía Quispe',
        email: lucia.user.email,
        phone: '987654321',
        proofKey: proof.proofKey,
        items: [
          { cardId: jinzo.id, quantity: 1, unitPrice: 5000 },
          { cardId: kuriboh.id, quantity: 3, unitPrice: 350 },
        ],
      })
      .expect(201);
    const sharedHash = randomUUID();
    const first = await placeOrder([{ card: kuriboh, quantity: 1 }], sharedHash);
    const reused = await placeOrder([{ card: kuriboh, quantity: 2 }], sharedHash);
    await readModelsAtHead(t.app);

    const orders = await listed();
    expect(orders.map((order) => order.id)).toEqual([reused, first, viaHttp.body.orderId]);
    expect(orders[2]).toEqual({
      id: viaHttp.body.orderId,
      name: 'Lucía Quispe',
      email: lucia.user.email,
      phone: '987654321',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      status: 'pendiente_confirmación_pago',
      total: 5000 + 3 * 350,
      items: [
        {
          cardId: jinzo.id,
          name: 'Jinzo Lista',
          quantity: 1,
          unitPrice: 5000,
          lineTotal: 5000,
        },
        {
          cardId: kuriboh.id,
          name: 'Kuriboh Lista',
          quantity: 3,
          unitPrice: 350,
          lineTotal: 1050,
        },
      ],
      proofUrl: proof.url,
      sameProofOrderIds: [],
    });
    expect(orders[0].sameProofOrderIds).toEqual([first]);
    expect(orders[1].sameProofOrderIds).toEqual([reused]);
    // The proof link is served to the admin, not only to its owner.
    await admin.agent.get(proof.url).expect(200);
  });

  // Before: the event log held every buyer's name, e-mail and phone for ever, and a replay of orders
  // wrote back a customer erased by hand (ADR 0007).
  it('keeps the buyer sealed in the log, shows it to the admin, and shows an erased customer as erased, also after a replay', async () => {
    const kuriboh = await card('Kuriboh Sellado', 10, 350);
    const rosa = await signInNewCustomer(t);
    const outcome = await tryCheckout(t.app, { ...checkoutInput([{ cardId: kuriboh.id, quantity: 1, unitPrice: 350 }], { userId: rosa.user.id }), buyer: { userId: rosa.user.id, name: 'Rosa Huamán', email: rosa.user.email, phone: '955111222' } });
    if (!outcome.ok) throw outcome.error;
    const { orderId } = outcome.result;
    const [placed] = await t.app.get<EventStore>(EVENT_STORE).readStream(orderStreamName(orderId));
    expect(placed.data).toMatchObject({ version: 2, buyer: { userId: rosa.user.id, sealed: expect.stringMatching(/^v1\./) } });
    expect(JSON.stringify(placed.data)).not.toMatch(/Rosa|Huamán|955111222|@/);
    await readModelsAtHead(t.app);
    const shown = async () => (await listed()).find((order) => order.id === orderId);
    expect(await shown()).toMatchObject({ name: 'Rosa Huamán', email: rosa.user.email, phone: '955111222', proofUrl: expect.stringMatching(/^\/api\/proofs\//) });

    await forgetCustomer(t.app.get<Database>(DATABASE), rosa.user.id);
    // The proof's image goes at the next proof sweep; the list offers it no more from now on.
    const erased = { name: ERASED, email: ERASED, phone: ERASED, proofUrl: null };
    expect(await shown()).toMatchObject(erased);
    await replayProjections({ db: t.app.get<Database>(DATABASE), store: t.app.get<EventStore>(EVENT_STORE), projections: [ordersProjection()] });
    expect(await shown()).toMatchObject(erased);
  });

  // QA: a checkout under way when its customer was erased made them a new key, and sealed with it.
  it('refuses a checkout that seals for a customer erased meanwhile, as signed out', async () => {
    const kuriboh = await card('Kuriboh Tarde', 10, 350);
    const rosa = await signInNewCustomer(t);
    await forgetCustomer(t.app.get<Database>(DATABASE), rosa.user.id);
    const outcome = await tryCheckout(t.app, checkoutInput([{ cardId: kuriboh.id, quantity: 1, unitPrice: 350 }], { userId: rosa.user.id }));
    expect(outcome).toMatchObject({ ok: false, error: { status: 401 } });
    const { rows } = await t.app.get<Database>(DATABASE).query('SELECT key FROM personal_data_keys WHERE user_id = $1', [rosa.user.id]);
    expect(rows).toEqual([{ key: null }]);
  });

  it('confirms a pending order: the list shows it at once, the stock stays sold, and a repeat changes nothing', async () => {
    const mirror = await card('Mirror Force Confirmar', 5);
    const orderId = await placeOrder([{ card: mirror, quantity: 2 }]);

    const res = await confirm(orderId).expect(200);
    expect(res.body).toMatchObject({
      orderId,
      status: 'confirmado',
      changed: true,
    });
    expect((await listed()).find((order) => order.id === orderId)?.status).toBe('confirmado');
    expect(await auditRow(admin.agent, mirror.name)).toMatchObject({
      recorded: 3,
      computed: 3,
      difference: 0,
    });

    expect((await confirm(orderId).expect(200)).body).toMatchObject({
      status: 'confirmado',
      changed: false,
    });
    const refused = await cancel(orderId).expect(409);
    expect(refused.body.code).toBe('order_already_confirmed');
    expect(await auditRow(admin.agent, mirror.name)).toMatchObject({
      recorded: 3,
      computed: 3,
    });
  });

  it('cancels a pending order and puts its stock back in the audit', async () => {
    const raigeki = await card('Raigeki Anular', 10);
    const orderId = await placeOrder([{ card: raigeki, quantity: 3 }]);
    await readModelsAtHead(t.app);
    expect(await auditRow(admin.agent, raigeki.name)).toMatchObject({
      recorded: 7,
      computed: 7,
      difference: 0,
    });

    expect((await cancel(orderId).expect(200)).body).toMatchObject({
      orderId,
      status: 'anulado',
      changed: true,
    });
    expect((await listed()).find((order) => order.id === orderId)?.status).toBe('anulado');
    expect(await auditRow(admin.agent, raigeki.name)).toMatchObject({
      recorded: 10,
      computed: 10,
      difference: 0,
    });
    const refused = await confirm(orderId).expect(409);
    expect(refused.body.code).toBe('order_already_cancelled');
  });

  it('lists an order of the largest lines the domain allows, its totals past 32 bits', async () => {
    const vault = await card('Bóveda Lista', MAX_MOVEMENT_UNITS, MAX_AMOUNT_CENTS);
    const orderId = await placeOrder([{ card: vault, quantity: MAX_MOVEMENT_UNITS }]);
    await readModelsAtHead(t.app);
    const order = (await listed()).find((one) => one.id === orderId);
    expect(order).toMatchObject({ total: MAX_MOVEMENT_UNITS * MAX_AMOUNT_CENTS, items: [{ quantity: MAX_MOVEMENT_UNITS, lineTotal: MAX_MOVEMENT_UNITS * MAX_AMOUNT_CENTS }] });
  });

  it('answers 404 for an order that does not exist', async () => {
    const res = await confirm(randomUUID()).expect(404);
    expect(res.body.code).toBe('order_not_found');
  });

  it('lets exactly one of a simultaneous confirm and cancel win, every time, and keeps the stock consistent', async () => {
    const rounds = 15;
    const pot = await card('Pot of Greed Carrera', rounds * 2);
    const orderIds: string[] = [];
    for (let round = 0; round < rounds; round++) orderIds.push(await placeOrder([{ card: pot, quantity: 2 }]));

    const outcomes = await Promise.all(
      orderIds.map(async (orderId, round) => {
        // Alternate which request leaves first, so both orders of arrival are exercised.
        const pair = round % 2 === 0 ? [confirm(orderId), cancel(orderId)] : [cancel(orderId), confirm(orderId)];
        const [a, b] = await Promise.all(pair);
        const [confirmed, cancelled] = round % 2 === 0 ? [a, b] : [b, a];
        return {
          orderId,
          confirmed: confirmed.status,
          cancelled: cancelled.status,
        };
      }),
    );

    for (const outcome of outcomes) {
      expect([outcome.confirmed, outcome.cancelled].sort()).toEqual([200, 409]);
    }
    await readModelsAtHead(t.app);
    const statuses = new Map((await listed()).map((order) => [order.id, order.status]));
    for (const outcome of outcomes) {
      expect(statuses.get(outcome.orderId)).toBe(outcome.confirmed === 200 ? 'confirmado' : 'anulado');
    }
    const sold = outcomes.filter((outcome) => outcome.confirmed === 200).length * 2;
    expect(await auditRow(admin.agent, pot.name)).toMatchObject({
      recorded: rounds * 2 - sold,
      computed: rounds * 2 - sold,
      difference: 0,
    });
  });
});

describe('admin orders API, a page at a time (real PostgreSQL)', () => {
  const ORDERS = 53;
  let t: TestApp;
  let admin: Shopper;
  const placed: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    admin = await signInAdmin(t);
    const cardId = await createTestCard(t.app, { name: 'Paged order card', stock: ORDERS, price: 300 });
    for (let index = 0; index < ORDERS; index++) {
      const outcome = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 300 }]));
      if (!outcome.ok) throw outcome.error;
      placed.push(outcome.result.orderId);
    }
    await readModelsAtHead(t.app);
  }, 60_000);
  afterAll(() => t.close());

  const page = async (query: string) => (await admin.agent.get(`/api/admin/orders${query}`).expect(200)).body;

  it('answers 50 orders per page, newest first, with the totals; a page past the last has none', async () => {
    const first = await page('');
    expect({ ...first, orders: first.orders.length }).toEqual({ orders: 50, page: 1, pageSize: 50, total: ORDERS, totalPages: 2, pending: ORDERS });
    const second = await page('?page=2');
    expect(second).toMatchObject({ page: 2, total: ORDERS, totalPages: 2 });
    expect([...first.orders, ...second.orders].map((order: AdminOrder) => order.id)).toEqual([...placed].reverse());
    expect(await page('?page=3')).toEqual({ orders: [], page: 3, pageSize: 50, total: ORDERS, totalPages: 2, pending: ORDERS });
  });

  // Admin QA: on a busy day the older pending orders went to page 2, under the ones already dealt with.
  it('answers only the pending orders with ?pending=1, paged on their own count, and counts them on every page', async () => {
    const [newest, second] = [placed[ORDERS - 1], placed[ORDERS - 2]];
    await admin.agent.post(`/api/admin/orders/${newest}/confirm`).set(CSRF).expect(200);
    await admin.agent.post(`/api/admin/orders/${second}/cancel`).set(CSRF).expect(200);
    const all = await page('');
    expect(all).toMatchObject({ total: ORDERS, pending: ORDERS - 2 });
    const pendingFirst = await page('?pending=1');
    expect({ ...pendingFirst, orders: pendingFirst.orders.length }).toEqual({ orders: 50, page: 1, pageSize: 50, total: ORDERS - 2, totalPages: 2, pending: ORDERS - 2 });
    expect(pendingFirst.orders.every((order: AdminOrder) => order.status === 'pendiente_confirmación_pago')).toBe(true);
    const pendingLast = await page('?pending=1&page=2');
    expect(pendingLast.orders.map((order: AdminOrder) => order.id)).toEqual([placed[0]]);
  });

  it.each(['0', 'x', '2.0'])('refuses page=%s with a JSON error', async (value) => {
    const res = await admin.agent.get(`/api/admin/orders?page=${value}`).expect(400);
    expect(res.body).toMatchObject({ code: 'bad_request', message: 'Página no válida: debe ser un número entero desde 1.' });
  });
});
