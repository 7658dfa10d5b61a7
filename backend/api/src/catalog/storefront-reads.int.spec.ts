import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../auth';
import { DATABASE } from '../database/database.module';
import { startTestApp, TestApp } from '../testing/test-app';

// Own rows, under a set code the demo catalogue does not use, so the tests do not depend on how the
// demo data reaches the read model.
const SET = { id: 'ZTST', name: 'Zona de Pruebas', releaseDate: '2024-03-05' };
const onOffer = 'Mago Oscuro_ZTST-SP001_Ultra Rare_1st Edition_es';
const fullPrice = 'Kuriboh/Sombra_ZTST-EN002_Common_Unlimited_en';
const orphan = 'Jinzo_ZZZZ-EN001_Secret Rare_Unlimited_en';

async function insertCard(db: Database, id: string, values: { name: string; setCode: string; stock: number; sale: number; offer: number | null; setName?: string }) {
  await db.query(
    `INSERT INTO cards (id, name, default_name, image_url, image_small_url, rarity, edition, set_name, set_code, set_id,
                        language, stock_final, last_sale_price, last_offer_price, updated_at)
     VALUES ($1, $2, $2, '/img/l.webp', '/img/s.webp', 'Ultra Rare', '1st Edition', $3, $4, left($4, 4), 'es', $5, $6, $7,
             '2024-05-01T12:30:00Z')`,
    [id, values.name, values.setName ?? SET.name, values.setCode, values.stock, values.sale, values.offer],
  );
}

describe('set, card and cart-check reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    const db = t.app.get<Database>(DATABASE);
    await db.query(
      `INSERT INTO sets (id, name, release_date, preorder_available, products, image_url)
       VALUES ($1, $2, $3, true, '{"booster": true}', null)`,
      [SET.id, SET.name, SET.releaseDate],
    );
    await insertCard(db, onOffer, { name: 'Mago Oscuro', setCode: 'ZTST-SP001', stock: 3, sale: 12500, offer: 9900 });
    await insertCard(db, fullPrice, { name: 'Kuriboh/Sombra', setCode: 'ZTST-EN002', stock: 0, sale: 350, offer: null });
    await insertCard(db, orphan, { name: 'Jinzo', setCode: 'ZZZZ-EN001', stock: 1, sale: 5000, offer: null, setName: 'Set sin registrar' });
  });
  afterAll(() => t.close());

  describe('GET /api/sets/:id', () => {
    it('answers the set with its release day and product flags, missing flags as false', async () => {
      const res = await request(t.server).get(`/api/sets/${SET.id}`).expect(200);
      expect(res.body).toEqual({
        ...SET,
        imageUrl: null,
        preorderAvailable: true,
        products: { booster: true, display: false, cartaSuelta: false },
      });
    });

    it('answers 404 with the spec text for an unknown set', async () => {
      const res = await request(t.server).get('/api/sets/NOPE').expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'not_found', message: messages.catalog.setNotFound });
    });

    it('still serves the newest sets at /api/sets/latest', async () => {
      const res = await request(t.server).get('/api/sets/latest').expect(200);
      expect(res.body.sets[0].id).toBe(SET.id);
    });
  });

  describe('GET /api/cards/:id', () => {
    it('answers the card with its set name for the breadcrumb', async () => {
      const res = await request(t.server).get(`/api/cards/${encodeURIComponent(onOffer)}`).expect(200);
      expect(res.body).toEqual({
        id: onOffer,
        name: 'Mago Oscuro',
        defaultName: 'Mago Oscuro',
        imageUrl: '/img/l.webp',
        imageSmallUrl: '/img/s.webp',
        rarity: 'Ultra Rare',
        edition: '1st Edition',
        set: SET.name,
        setCode: 'ZTST-SP001',
        setId: 'ZTST',
        language: 'es',
        stockFinal: 3,
        lastSalePrice: 12500,
        lastOfferPrice: 9900,
        setName: SET.name,
        setListed: true,
        updatedAt: '2024-05-01T12:30:00.000Z',
      });
    });

    it('decodes a slash in the id and falls back to the listed set name when the set is not registered', async () => {
      const slashed = await request(t.server).get(`/api/cards/${encodeURIComponent(fullPrice)}`).expect(200);
      expect(slashed.body).toMatchObject({ name: 'Kuriboh/Sombra', lastOfferPrice: null, stockFinal: 0 });
      const res = await request(t.server).get(`/api/cards/${encodeURIComponent(orphan)}`).expect(200);
      expect(res.body).toMatchObject({ setName: 'Set sin registrar', setListed: false });
    });

    it('answers 404 with the spec text for an unknown card', async () => {
      const res = await request(t.server).get('/api/cards/nothing_here').expect(404);
      expect(res.body).toEqual({ statusCode: 404, code: 'not_found', message: messages.catalog.cardNotFound });
    });
  });

  describe('POST /api/cart/check', () => {
    // Sent the way the storefront's API client sends every POST.
    const check = () => request(t.server).post('/api/cart/check').set(CSRF_HEADER, CSRF_HEADER_VALUE);

    it('answers price (offer first) and stock in cart order, leaving unknown ids out', async () => {
      const res = await check()
        .send({ ids: [fullPrice, 'gone', onOffer, fullPrice] })
        .expect(200);
      expect(res.body).toEqual({
        cards: [
          { id: fullPrice, name: 'Kuriboh/Sombra', price: 350, stockFinal: 0 },
          { id: onOffer, name: 'Mago Oscuro', price: 9900, stockFinal: 3 },
        ],
      });
    });

    it('answers an empty list for an empty cart', async () => {
      await check().send({ ids: [] }).expect(200, { cards: [] });
    });

    it('accepts 100 ids and refuses 101 with a 400 in the API error shape', async () => {
      const ids = Array.from({ length: 100 }, (_, i) => `card-${i}`);
      await check().send({ ids }).expect(200);
      const res = await check().send({ ids: [...ids, 'one-more'] }).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'bad_request', message: expect.stringContaining('100') });
    });

    it.each([[{}], [{ ids: 'a' }], [{ ids: [1] }], [{ ids: [''] }]])('refuses the malformed body %j', async (body) => {
      const res = await check().send(body).expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'bad_request', message: expect.any(String) });
    });
  });

  it('documents the three routes at /api/docs', async () => {
    const res = await request(t.server).get('/api/docs-json').expect(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/sets/{id}', '/api/cards/{id}', '/api/cart/check']),
    );
    expect(res.body.paths['/api/cart/check'].post.requestBody).toBeDefined();
  });

  it('serves no API docs when they are off (the default in production)', async () => {
    const off = await startTestApp({ DEMO_SEED: 'false', API_DOCS: 'false' });
    try {
      await request(off.server).get('/api/docs-json').expect(404);
      await request(off.server).get('/api/docs').expect(404);
    } finally {
      await off.close();
    }
  });
});
