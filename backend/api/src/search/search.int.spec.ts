import { Database, EventStore } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { appendEvents, listingEvents, SEARCH_FIXTURE } from '@tcg/projections/testing';
import request from 'supertest';
import { EVENT_STORE } from '../event-store/event-store.module';
import { startTestApp, TestApp } from '../testing/test-app';

jest.setTimeout(60_000);

let app: TestApp;
let position = 0;

beforeAll(async () => {
  app = await startTestApp({ DEMO_SEED: 'false' });
  const store = app.app.get<EventStore>(EVENT_STORE);
  for (const card of SEARCH_FIXTURE) {
    const { streamId, events } = listingEvents(card);
    position = await appendEvents(store, streamId, events);
  }
});

afterAll(async () => {
  await app?.close();
});

describe('GET /api/search', () => {
  it('answers after the projections reach ?position, with hits and facets', async () => {
    const res = await request(app.server).get('/api/search').query({ q: 'dragon blanco', position, languages: 'en,es' }).expect(200);
    expect(res.body.total).toBe(2);
    expect(res.body.facets.language).toEqual([{ value: 'en', count: 1 }, { value: 'es', count: 1 }]);
    expect(res.body).toMatchObject({ page: 1, pageSize: 12, totalPages: 1 });
  });

  it('applies rarity, stock, sort and page from the query string', async () => {
    const res = await request(app.server)
      .get('/api/search')
      .query({ rarities: 'Ultra Rare', inStock: 'true', sort: 'priceAsc', page: '1', position })
      .expect(200);
    const prices = res.body.hits.map((hit: { lastOfferPrice: number | null; lastSalePrice: number }) => hit.lastOfferPrice ?? hit.lastSalePrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(res.body.hits.every((hit: { stockFinal: number; rarity: string }) => hit.stockFinal > 0 && hit.rarity === 'Ultra Rare')).toBe(true);
  });

  it('takes every rarity a shopper can tick, each as long as a card detail may be', async () => {
    const rarities = ['Ultra Rare', 'Quarter Century Secret Rare Special Edition '.repeat(4).trim(), ...Array.from({ length: 28 }, (_, n) => `Rarity ${n}`)];
    const res = await request(app.server).get('/api/search').query({ rarities: rarities.join(','), position }).expect(200);
    expect(res.body.total).toBeGreaterThan(0);
    expect(res.body.hits.every((hit: { rarity: string }) => hit.rarity === 'Ultra Rare')).toBe(true);
  });

  it('reads language codes in any case, as the storefront shows them upper case', async () => {
    const upper = await request(app.server).get('/api/search').query({ q: 'dragon blanco', languages: 'ES', position }).expect(200);
    expect(upper.body.total).toBe(1);
    expect(upper.body.hits[0].language).toBe('es');
  });

  it('answers a page past the last one the search may ask for as that one, with no hits', async () => {
    const res = await request(app.server).get('/api/search').query({ page: '10001', position }).expect(200);
    expect(res.body).toMatchObject({ page: 10_000, hits: [] });
    expect(res.body.totalPages).toBeGreaterThan(0);
  });

  it('refuses bad parameters with a 400 JSON body, in Spanish', async () => {
    const res = await request(app.server).get('/api/search').query({ sort: 'cheapest' }).expect(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'bad_request', message: 'Parámetro de búsqueda no válido: sort.' });
    // zod's English (`Invalid option: expected one of …`) is nowhere in the answer, details included.
    expect(res.body.details).toEqual([{ path: 'sort', message: 'Parámetro de búsqueda no válido: sort.' }]);
    const repeated = await request(app.server).get('/api/search?q=a&q=b&page=0').expect(400);
    expect(JSON.stringify(repeated.body)).not.toMatch(/Invalid|expected|received/);
  });

  it('searches a text longer than 200 characters by its first 200', async () => {
    const long = `dragon blanco ${'b'.repeat(300)}`;
    const res = await request(app.server).get('/api/search').query({ q: long, position }).expect(200);
    const cut = await request(app.server).get('/api/search').query({ q: long.slice(0, 200), position }).expect(200);
    expect(res.body).toEqual(cut.body);
  });
});

describe('GET /api/sets/:id/cards', () => {
  it('lists the cards of an existing set', async () => {
    await app.app.get<Database>(DATABASE).query(`INSERT INTO sets (id, name, release_date) VALUES ('MRD', 'Metal Raiders', '2002-06-26')`);
    const res = await request(app.server).get('/api/sets/MRD/cards').query({ position, sort: 'za' }).expect(200);
    expect(res.body.total).toBe(5);
    expect(res.body.hits.every((hit: { setId: string }) => hit.setId === 'MRD')).toBe(true);
  });

  it('answers 404 for a set that does not exist', async () => {
    const res = await request(app.server).get('/api/sets/NOPE/cards').expect(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'not_found', message: 'Set no encontrado.' });
  });
});

describe('readiness', () => {
  it('reports the search port with its adapter', async () => {
    const res = await request(app.server).get('/api/ready');
    expect(JSON.stringify(res.body)).toContain('"port":"search"');
  });
});
