import { messages } from '@tcg/domain';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { checkoutInput, tryCheckout } from '../checkout/testing/checkout.fixtures';
import { createTestCard } from '../inventory/testing/write-side.fixtures';
import { CSRF, pngImage, ordersProjectedTo, type Shopper, signInNewCustomer, uploadProof } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { MY_ORDERS_PAGE_SIZE } from './queries/get-my-orders.query';

describe('GET /api/orders/mine (real PostgreSQL)', () => {
  let t: TestApp;
  let cards: { id: string; price: number; name: string }[];
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    cards = [];
    for (const card of [{ name: 'Kuriboh', price: 350 }, { name: 'Jinzo', price: 5000 }]) {
      cards.push({ ...card, id: await createTestCard(t.app, { ...card, stock: 10 }) });
    }
  });
  afterAll(() => t.close());

  async function placeOrder(shopper: Shopper, lines: { card: number; quantity: number }[]) {
    const { body: proof } = await uploadProof(shopper, await pngImage(), 'pago.png').expect(201);
    const items = lines.map(({ card, quantity }) => ({ cardId: cards[card].id, quantity, unitPrice: cards[card].price }));
    const body = { name: 'Lucía Quispe', email: shopper.user.email, phone: '987654321', proofKey: proof.proofKey, items };
    const res = await shopper.agent.post('/api/checkout').set(CSRF).set('Idempotency-Key', randomUUID()).send(body).expect(201);
    return { ...(res.body as { orderId: string; position: number }), proofUrl: proof.url as string };
  }

  it('refuses a signed-out visitor with the spec text', async () => {
    const res = await request(t.server).get('/api/orders/mine').expect(401);
    expect(res.body.message).toBe(messages.orders.mustSignIn);
  });

  it("lists the shopper's own orders only, newest first, with items, total, status and proof link", async () => {
    const lucia = await signInNewCustomer(t);
    const other = await signInNewCustomer(t);
    const first = await placeOrder(lucia, [{ card: 0, quantity: 2 }]);
    const foreign = await placeOrder(other, [{ card: 1, quantity: 1 }]);
    const second = await placeOrder(lucia, [{ card: 1, quantity: 1 }, { card: 0, quantity: 3 }]);
    expect(await ordersProjectedTo(t, Math.max(first.position, foreign.position))).toBe(true);

    const res = await lucia.agent.get(`/api/orders/mine?position=${second.position}`).expect(200);
    expect(res.body.behind).toBe(false);
    expect(res.body.orders).toEqual([
      {
        id: second.orderId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        total: 5000 + 3 * 350,
        status: 'pendiente_confirmación_pago',
        items: [
          { name: 'Jinzo', quantity: 1, unitPrice: 5000 },
          { name: 'Kuriboh', quantity: 3, unitPrice: 350 },
        ],
        proofUrl: second.proofUrl,
      },
      expect.objectContaining({ id: first.orderId, total: 700, items: [{ name: 'Kuriboh', quantity: 2, unitPrice: 350 }] }),
    ]);
    expect(Date.parse(res.body.orders[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(res.body.orders[1].createdAt));

    const theirs = await other.agent.get('/api/orders/mine').expect(200);
    expect(theirs.body.orders.map((order: { id: string }) => order.id)).toEqual([foreign.orderId]);
    await other.agent.get(first.proofUrl).expect(404);
  });

  // Security QA: Express routes in any letter case, and the private-answer check did not.
  it.each(['/api/orders/mine', '/api/Orders/mine', '/api/ORDERS/MINE', '/api/Auth/me'])('keeps %s out of every cache', async (path) => {
    const shopper = await signInNewCustomer(t);
    const res = await shopper.agent.get(path).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers an empty list to a shopper without orders', async () => {
    const shopper = await signInNewCustomer(t);
    await shopper.agent.get('/api/orders/mine?position=abc').expect(200, { orders: [], behind: false, next: null });
  });

  // Before: the list came without the order, and nothing told the page to say so or to look again.
  it('says the list is behind when the orders were not at the position when the wait ended', async () => {
    const shopper = await signInNewCustomer(t);
    await shopper.agent.get(`/api/orders/mine?position=${Number.MAX_SAFE_INTEGER}`).expect(200, { orders: [], behind: true, next: null });
  });

  // Before: every order the shopper ever placed came in one answer, and the page drew them all.
  it('answers a page of orders at a time, newest first, each page going on from the last order shown', async () => {
    const shopper = await signInNewCustomer(t);
    const ORDERS = 2 * MY_ORDERS_PAGE_SIZE + 3;
    const placed: string[] = [];
    const cardId = await createTestCard(t.app, { name: 'Dark Magician', price: 900, stock: ORDERS });
    let position = 0;
    for (let index = 0; index < ORDERS; index++) {
      const outcome = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 1, unitPrice: 900 }], { userId: shopper.user.id }));
      if (!outcome.ok) throw outcome.error;
      placed.push(outcome.result.orderId);
      position = outcome.result.position;
    }
    const first = (await shopper.agent.get(`/api/orders/mine?position=${position}`).expect(200)).body;
    expect(first.orders).toHaveLength(MY_ORDERS_PAGE_SIZE);
    expect(first.next).toEqual(expect.any(String));
    const second = (await shopper.agent.get(`/api/orders/mine?before=${first.next}`).expect(200)).body;
    expect(second.orders).toHaveLength(MY_ORDERS_PAGE_SIZE);
    const third = (await shopper.agent.get(`/api/orders/mine?before=${second.next}`).expect(200)).body;
    expect(third.next).toBeNull();
    const shown = [...first.orders, ...second.orders, ...third.orders].map((order: { id: string }) => order.id);
    expect(shown).toEqual([...placed].reverse());
  }, 60_000);

  it.each(['x', '12', '1_2_3', '-1_2', '253402300800000_1', '999999999999999_999999999999999'])('refuses before=%s with a JSON error', async (value) => {
    const shopper = await signInNewCustomer(t);
    const res = await shopper.agent.get(`/api/orders/mine?before=${value}`).expect(400);
    expect(res.body).toMatchObject({ code: 'bad_request', message: 'Página no válida: vuelve a abrir tu historial de pedidos.' });
  });
});
