import { CommandBus } from '@nestjs/cqrs';
import { messages } from '@tcg/domain';
import { CARDS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../auth';
import { AddStockCommand, type CardCommandResult, SetPriceCommand } from '../../inventory';
import { createTestCard, testContext } from '../../inventory/testing/write-side.fixtures';
import { startTestApp, type TestApp } from '../../testing/test-app';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe('admin Most Wanted API', () => {
  let shop: TestApp;
  let admin: ReturnType<typeof request.agent>;
  let inStock: string;
  let soldOut: string;

  beforeAll(async () => {
    shop = await startTestApp({ DEMO_SEED: 'false' });
    admin = request.agent(shop.server);
    await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
    inStock = await createTestCard(shop.app, { name: 'Blue-Eyes White Dragon', stock: 3, price: 2500, setCode: 'LOB-EN001' });
    soldOut = await createTestCard(shop.app, { name: 'Red-Eyes Black Dragon', stock: 0, price: 1800, setCode: 'LOB-EN070' });
    const offer = await shop.app.get(CommandBus).execute<SetPriceCommand, CardCommandResult>(new SetPriceCommand(inStock, 2500, 1999, testContext));
    expect(await shop.app.get(ProjectionWaiter).waitFor(offer.position, 5000, [CARDS_PROJECTION])).toBe(true);
  });
  afterAll(() => shop?.close());

  it('is for admins only', async () => {
    await request(shop.server).get('/api/admin/most-wanted').expect(401);
    await request(shop.server).put('/api/admin/most-wanted').set(CSRF).send({ cardIds: [] }).expect(401);
  });

  it('searches the cards to pick from by name', async () => {
    const { body } = await admin.get('/api/admin/most-wanted/cards').query({ q: 'blue-eyes' }).expect(200);
    expect(body.cards).toEqual([expect.objectContaining({ id: inStock, defaultName: 'Blue-Eyes White Dragon', price: 1999, stockFinal: 3 })]);
    expect((await admin.get('/api/admin/most-wanted/cards').expect(200)).body.cards).toHaveLength(2);
  });

  it('searches them by set code, as typed: any case, a typed dash or a space for the hyphen', async () => {
    const found = async (q: string) => (await admin.get('/api/admin/most-wanted/cards').query({ q }).expect(200)).body.cards.map((card: { id: string }) => card.id);
    expect(await found('en070')).toEqual([soldOut]);
    expect(await found('lob\u2013en001')).toEqual([inStock]);
    expect(await found('LOB EN001')).toEqual([inStock]);
    expect((await found('lob en0')).sort()).toEqual([inStock, soldOut].sort());
  });

  it('refuses more than 16 cards, repeated cards and unknown cards, keeping the entries as they were', async () => {
    const seventeen = Array.from({ length: 17 }, (_, i) => `card-${i}`);
    for (const cardIds of [seventeen, [inStock, inStock], [inStock, 'no-such-card']]) {
      const res = await admin.put('/api/admin/most-wanted').set(CSRF).send({ cardIds }).expect(400);
      expect(res.body.message).toBe(messages.admin.mostWanted.saveFailed);
    }
    expect((await admin.get('/api/admin/most-wanted').expect(200)).body.entries).toEqual([]);
  });

  it('replaces the entries with copies of the cards, in the chosen order, and the home page shows them', async () => {
    await admin.put('/api/admin/most-wanted').set(CSRF).send({ cardIds: [soldOut] }).expect(200);
    const { body } = await admin.put('/api/admin/most-wanted').set(CSRF).send({ cardIds: [inStock, soldOut] }).expect(200);
    expect(body.entries).toEqual([
      expect.objectContaining({
        cardId: inStock,
        defaultName: 'Blue-Eyes White Dragon',
        set: 'Test Set',
        price: 1999,
        inStock: true,
        link: `/product/${encodeURIComponent(inStock)}`,
      }),
      expect.objectContaining({ cardId: soldOut, price: 1800, inStock: false }),
    ]);
    const home = (await request(shop.server).get('/api/home').expect(200)).body;
    expect(home.mostWanted.map((entry: { cardId: string }) => entry.cardId)).toEqual([inStock, soldOut]);
  });

  it('keeps exactly one of the lists two admins save at the same time, never both merged', async () => {
    const other = request.agent(shop.server);
    await other.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
    for (const [first, second] of [
      [[inStock], [soldOut]],
      [[inStock, soldOut], [inStock, soldOut]],
      [[soldOut, inStock], [inStock]],
    ]) {
      await Promise.all([admin.put('/api/admin/most-wanted').set(CSRF).send({ cardIds: first }).expect(200), other.put('/api/admin/most-wanted').set(CSRF).send({ cardIds: second }).expect(200)]);
      const saved = (await admin.get('/api/admin/most-wanted').expect(200)).body.entries.map((entry: { cardId: string }) => entry.cardId);
      expect([first, second]).toContainEqual(saved);
    }
  });

  it('shows each entry with its card’s stock and price as they are now, not as they were when saved', async () => {
    await admin.put('/api/admin/most-wanted').set(CSRF).send({ cardIds: [soldOut] }).expect(200);
    const bus = shop.app.get(CommandBus);
    await bus.execute<AddStockCommand, CardCommandResult>(new AddStockCommand(soldOut, 4, 1000, testContext));
    const priced = await bus.execute<SetPriceCommand, CardCommandResult>(new SetPriceCommand(soldOut, 2200, 1900, testContext));
    expect(await shop.app.get(ProjectionWaiter).waitFor(priced.position, 5000, [CARDS_PROJECTION])).toBe(true);
    const live = expect.objectContaining({ cardId: soldOut, price: 1900, inStock: true });
    expect((await request(shop.server).get('/api/home').expect(200)).body.mostWanted).toEqual([live]);
    expect((await admin.get('/api/admin/most-wanted').expect(200)).body.entries).toEqual([live]);
  });
});
