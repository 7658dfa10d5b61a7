import { messages } from '@tcg/domain';
import type { Database, EventStore } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { DATABASE } from '../database/database.module';
import { EVENT_STORE } from '../event-store/event-store.module';
import { createTestCard, stockFromEvents } from '../inventory/testing/write-side.fixtures';
import { CSRF, pngImage, type Shopper, signInNewCustomer, uploadProof } from '../proofs/testing/shop-session.fixtures';
import { proofMessages } from '../proofs/proofs.messages';
import { startTestApp, type TestApp } from '../testing/test-app';
import { CHECKOUTS_PER_MINUTE } from './checkout.controller';

const PRICE = 1850;

describe('POST /api/checkout (real PostgreSQL)', () => {
  let t: TestApp;
  let cardId: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    cardId = await createTestCard(t.app, { name: 'Mago Oscuro', stock: 5, price: PRICE });
  });
  afterAll(() => t.close());

  async function orderBody(shopper: Shopper, quantity = 1) {
    const { body } = await uploadProof(shopper, await pngImage(), 'pago.png').expect(201);
    return { name: 'Lucía Quispe', email: shopper.user.email, phone: '912345678', proofKey: body.proofKey, items: [{ cardId, quantity, unitPrice: PRICE }] };
  }

  /** A form the checks take, with a proof this shopper never uploaded: refused after it is counted. */
  const unknownProofBody = (shopper: Shopper) => ({
    name: 'Lucía Quispe',
    email: shopper.user.email,
    phone: '912345678',
    proofKey: `proofs/${shopper.user.id}/nunca-subido.png`,
    items: [{ cardId, quantity: 1, unitPrice: PRICE }],
  });

  const submit = (shopper: Shopper, body: unknown, key: string = randomUUID()) =>
    shopper.agent.post('/api/checkout').set(CSRF).set('Idempotency-Key', key).send(body as object);

  async function placedEvents(orderId: string) {
    return (await t.app.get<EventStore>(EVENT_STORE).readStream(`order-${orderId}`)).filter((event) => event.type === 'OrderPlaced');
  }

  it('refuses a signed-out shopper with 401 and the spec text', async () => {
    const res = await request(t.server).post('/api/checkout').set(CSRF).set('Idempotency-Key', randomUUID()).send({}).expect(401);
    expect(res.body).toMatchObject({ statusCode: 401, code: 'unauthorized', message: messages.checkout.mustSignIn });
  });

  it('places the order, answers 201 with its id and position, and keeps the new phone on the account', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await submit(shopper, await orderBody(shopper, 2)).expect(201);
    expect(res.body).toEqual({ orderId: expect.any(String), position: expect.any(Number) });
    const [placed] = await placedEvents(res.body.orderId);
    // Sealed with the shopper's key (ADR 0007): the log holds none of their contact in the clear.
    expect(placed.data).toMatchObject({
      buyer: { userId: shopper.user.id, sealed: expect.stringMatching(/^v1\./) },
      total: 2 * PRICE,
      proofHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(placed.data)).not.toMatch(/Lucía|912345678|@/);
    const { rows } = await t.app.get<Database>(DATABASE).query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [shopper.user.id]);
    expect(rows[0].phone).toBe('912345678');
  });

  it('places one order for the same Idempotency-Key sent twice', async () => {
    const shopper = await signInNewCustomer(t);
    const body = await orderBody(shopper);
    const key = randomUUID();
    const before = await stockFromEvents(t.app, cardId);
    const [first, second] = await Promise.all([submit(shopper, body, key), submit(shopper, body, key)]);
    const again = await submit(shopper, body, key).expect(201);
    const answered = [first, second].filter((res) => res.status === 201);
    expect(answered.length).toBeGreaterThan(0);
    for (const res of [...answered, again]) expect(res.body.orderId).toBe(again.body.orderId);
    expect(await placedEvents(again.body.orderId)).toHaveLength(1);
    expect(await stockFromEvents(t.app, cardId)).toBe(before - 1);
  });

  it("tells the shopper whether a submit under a key placed an order, and only the shopper's own", async () => {
    const shopper = await signInNewCustomer(t);
    const key = randomUUID();
    await shopper.agent.get(`/api/checkout/${key}`).expect(404);
    const placed = await submit(shopper, await orderBody(shopper, 2), key).expect(201);
    const found = await shopper.agent.get(`/api/checkout/${key.toUpperCase()}`).expect(200);
    expect(found.body).toEqual({
      orderId: placed.body.orderId,
      position: placed.body.position,
      items: [{ cardId, quantity: 2 }],
      status: 'pendiente_confirmación_pago',
    });
    const other = await signInNewCustomer(t);
    await other.agent.get(`/api/checkout/${key}`).expect(404);
    expect((await shopper.agent.get('/api/checkout/otra-vez').expect(400)).body.code).toBe('invalid_idempotency_key');
    const signedOut = await request(t.server).get(`/api/checkout/${key}`).expect(401);
    expect(signedOut.body.message).toBe(messages.checkout.mustSignIn);
  });

  // Before: every request counted, so a checkout re-sent after a lost answer or a busy shop used the limit up.
  it(`counts checkouts, not re-sends: one key sent again and again is one of the ${CHECKOUTS_PER_MINUTE} a minute`, async () => {
    const shopper = await signInNewCustomer(t);
    // Refused for a proof the shopper never uploaded, a check that comes after the count: no stock is taken.
    const bogus = unknownProofBody(shopper);
    const resent = randomUUID();
    for (let send = 0; send < CHECKOUTS_PER_MINUTE + 5; send++) await submit(shopper, bogus, resent).expect(400);
    for (let other = 1; other < CHECKOUTS_PER_MINUTE; other++) await submit(shopper, bogus).expect(400);
    const refused = await submit(shopper, bogus).expect(429);
    expect(refused.body).toMatchObject({ code: 'too_many_requests', message: proofMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await submit(shopper, bogus, resent.toUpperCase()).expect(400);
    await submit(await signInNewCustomer(t), bogus).expect(400);
  });

  // Before: each form the checks refused (a mistyped phone, say) counted as a checkout, and after ten
  // corrections within a minute the shopper could not check out at all.
  it('does not count a form its checks refuse', async () => {
    const shopper = await signInNewCustomer(t);
    const ownCard = await createTestCard(t.app, { name: 'Sangan', stock: 1, price: PRICE });
    const body = { ...(await orderBody(shopper)), items: [{ cardId: ownCard, quantity: 1, unitPrice: PRICE }] };
    for (let typo = 0; typo < CHECKOUTS_PER_MINUTE + 2; typo++) {
      const res = await submit(shopper, { ...body, phone: '12345' }).expect(400);
      expect(res.body.code).toBe('invalid_checkout');
    }
    await submit(shopper, body).expect(201);
  });

  // QA: an order placed while Redis was down (its key counted in memory only) was answered 429 when re-sent.
  it("answers a re-sent submit whose order is placed, even once its minute's count no longer knows the key", async () => {
    const shopper = await signInNewCustomer(t);
    const ownCard = await createTestCard(t.app, { name: 'Kuriboh', stock: 1, price: PRICE });
    const body = { ...(await orderBody(shopper)), items: [{ cardId: ownCard, quantity: 1, unitPrice: PRICE }] };
    const key = randomUUID();
    const placed = await submit(shopper, body, key).expect(201);
    // A minute later, ten new checkouts fill the new window.
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => now + 61_000);
    try {
      for (let other = 0; other < CHECKOUTS_PER_MINUTE; other++) await submit(shopper, unknownProofBody(shopper)).expect(400);
      await submit(shopper, unknownProofBody(shopper)).expect(429);
      const again = await submit(shopper, body, key).expect(201);
      expect(again.body.orderId).toBe(placed.body.orderId);
    } finally {
      later.mockRestore();
    }
  });

  it('requires a uuid Idempotency-Key', async () => {
    const shopper = await signInNewCustomer(t);
    const res = await submit(shopper, await orderBody(shopper), 'otra-vez').expect(400);
    expect(res.body.code).toBe('invalid_idempotency_key');
  });

  it.each([
    ['a 10-digit phone', { phone: '9123456789' }, messages.checkout.phoneDigits],
    ['a name with digits', { name: 'Lucía 2' }, messages.checkout.invalidName],
    ['a blank name', { name: '  ' }, messages.checkout.nameAndPhoneRequired],
    ['no proof', { proofKey: undefined }, messages.checkout.missingFields],
    ['an item without its card', { items: [{ quantity: 1, unitPrice: 100 }] }, messages.checkout.missingFields],
    ['items that are not a list', { items: 'todo' }, messages.cart.empty],
  ])('answers %s with the message the browser shows', async (_label, change, message) => {
    const shopper = await signInNewCustomer(t);
    const res = await submit(shopper, { ...(await orderBody(shopper)), ...change }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, message });
  });

  it("refuses a proof key that is not the shopper's own", async () => {
    const owner = await signInNewCustomer(t);
    const other = await signInNewCustomer(t);
    const { proofKey } = await orderBody(owner);
    const res = await submit(other, { ...(await orderBody(other)), proofKey }).expect(400);
    expect(res.body).toMatchObject({ code: 'invalid_proof', message: messages.checkout.invalidFile });
  });

  it('answers 409 "Stock insuficiente para {name}" with the available quantity', async () => {
    const shopper = await signInNewCustomer(t);
    const available = await stockFromEvents(t.app, cardId);
    const res = await submit(shopper, await orderBody(shopper, available + 1)).expect(409);
    expect(res.body).toEqual({
      statusCode: 409,
      code: 'insufficient_stock',
      message: 'Stock insuficiente para Mago Oscuro',
      details: { cardId, available },
    });
  });

  it('answers 409 when the price the shopper saw is no longer current', async () => {
    const shopper = await signInNewCustomer(t);
    const body = await orderBody(shopper);
    const res = await submit(shopper, { ...body, items: [{ cardId, quantity: 1, unitPrice: PRICE - 100 }] }).expect(409);
    expect(res.body.code).toBe('price_changed');
  });
});
