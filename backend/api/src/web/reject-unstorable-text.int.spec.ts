import type { EventStore } from '@tcg/projections';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { EVENT_STORE } from '../event-store/event-store.module';
import { createTestCard } from '../inventory/testing/write-side.fixtures';
import { CSRF, pngImage, signInAdmin, signInNewCustomer, uploadProof } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { INVALID_TEXT_REFUSED } from './reject-unstorable-text.guard';

async function eventCount(store: EventStore): Promise<number> {
  let count = 0;
  for await (const _event of store.readAll(0, 1000)) count++;
  return count;
}

describe('a NUL character or half a surrogate pair anywhere in a request (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it.each(['/api/cards/%00', '/api/sets/%00', '/api/sets/x%00y/cards', '/api/search?languages=%00', '/api/search?q=mago%00'])(
    'answers GET %s with 400 and a JSON body, not 500',
    async (path) => {
      const res = await request(t.server).get(path).expect(400);
      expect(res.body).toEqual({ statusCode: 400, code: 'bad_request', message: INVALID_TEXT_REFUSED });
    },
  );

  it('refuses a JSON body holding one, nested or in a key', async () => {
    for (const body of [{ ids: ['\u0000'] }, { ids: ['a'], ['x\u0000']: 1 }]) {
      const res = await request(t.server).post('/api/cart/check').set(CSRF).send(body).expect(400);
      expect(res.body.message).toBe(INVALID_TEXT_REFUSED);
    }
  });

  it('refuses a checkout whose card id holds one, and writes nothing', async () => {
    const cardId = await createTestCard(t.app, { name: 'Mago Oscuro', stock: 5, price: 1850 });
    const shopper = await signInNewCustomer(t);
    const { body: proof } = await uploadProof(shopper, await pngImage(), 'pago.png').expect(201);
    const before = await eventCount(t.app.get<EventStore>(EVENT_STORE));
    const res = await shopper.agent
      .post('/api/checkout')
      .set(CSRF)
      .set('Idempotency-Key', randomUUID())
      .send({ name: 'Lucía Quispe', email: shopper.user.email, phone: '912345678', proofKey: proof.proofKey, items: [{ cardId: `${cardId}\u0000`, quantity: 1, unitPrice: 1850 }] })
      .expect(400);
    expect(res.body.message).toBe(INVALID_TEXT_REFUSED);
    expect(await eventCount(t.app.get<EventStore>(EVENT_STORE))).toBe(before);
  });

  it('refuses half a surrogate pair in a JSON body (the event log cannot store it), and writes nothing', async () => {
    const admin = await signInAdmin(t);
    const before = await eventCount(t.app.get<EventStore>(EVENT_STORE));
    // Written as JSON escapes: a lone surrogate in a JS string would reach the wire as U+FFFD.
    for (const name of ['Dark\\ud800', '\\udc00Magician', 'Mago \\ud83d']) {
      const body = `{"name":"${name}","setCode":"LOB-EN005","set":"LOB","rarity":"Ultra Rare","edition":"Unlimited","language":"en","quantity":1,"unitCost":0,"salePrice":100,"offerPrice":0}`;
      const res = await admin.agent.post('/api/admin/cards/upload').set(CSRF).set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body.message).toBe(INVALID_TEXT_REFUSED);
    }
    expect(await eventCount(t.app.get<EventStore>(EVENT_STORE))).toBe(before);
  });

  it('lets ordinary requests through, emoji (whole surrogate pairs) included', async () => {
    await request(t.server).get('/api/search?q=mago').expect(200);
    await request(t.server).get('/api/search?q=%F0%9F%90%89%20drag%C3%B3n').expect(200);
    await request(t.server).post('/api/cart/check').set(CSRF).send({ ids: ['no-existe'] }).expect(200);
  });
});
