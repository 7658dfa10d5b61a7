import { CommandBus } from '@nestjs/cqrs';
import { CARDS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../auth';
import { AddStockCommand, type CardCommandResult } from '../inventory';
import { createTestCard, testContext } from '../inventory/testing/write-side.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { CARDS_PER_SITEMAP, sitemapIndex } from './sitemap';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const ORIGIN = 'https://tienda.example.pe';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);

describe('robots.txt and the sitemaps', () => {
  let shop: TestApp;
  let dist: string;
  let cards: string[];

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'tcg-sitemap-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>TCG Lima</title>');
    shop = await startTestApp({ DEMO_SEED: 'false', FRONTEND_DIST: dist, PUBLIC_URL: ORIGIN });
    const first = await createTestCard(shop.app, { name: 'Arcanite Magician/Assault Mode', stock: 0, price: 900, setCode: 'CRMS-EN020' });
    const second = await createTestCard(shop.app, { name: 'Kuriboh & <Co>', stock: 0, price: 100, setCode: 'MRD-071' });
    const last = await shop.app.get(CommandBus).execute<AddStockCommand, CardCommandResult>(new AddStockCommand(second, 2, 50, testContext));
    cards = [first, second].sort();
    const admin = request.agent(shop.server);
    await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
    const set = { releaseDate: '2002-03-08', preorderAvailable: false, products: { booster: true, display: false, cartaSuelta: true }, cards: [] };
    await admin.post('/api/admin/sets').set(CSRF).send({ ...set, id: 'LOB', name: 'Legend of Blue Eyes' }).expect(201);
    await admin.post('/api/admin/sets').set(CSRF).send({ ...set, id: 'MRD', name: 'Metal Raiders', releaseDate: '2002-06-26' }).expect(201);
    expect(await shop.app.get(ProjectionWaiter).waitFor(last.position, 5000, [CARDS_PROJECTION])).toBe(true);
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps search engines out of the private pages and points them at the sitemap', async () => {
    const res = await request(shop.server).get('/robots.txt').expect(200).expect('Content-Type', /text\/plain/);
    for (const path of ['/admin', '/account', '/checkout', '/cart', '/api/']) expect(res.text).toContain(`Disallow: ${path}\n`);
    expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.text).not.toMatch(/Disallow: \/\n|Disallow: \/product/);
  });

  it('lists the sitemap of pages and sets, and one of cards', async () => {
    const res = await request(shop.server).get('/sitemap.xml').expect(200).expect('Content-Type', /application\/xml/);
    expect(res.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(res.text)).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-cards-1.xml`]);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('lists the home, the static pages and every set, newest first', async () => {
    const res = await request(shop.server).get('/sitemap-pages.xml').expect(200);
    expect(locs(res.text)).toEqual([`${ORIGIN}/`, `${ORIGIN}/about`, `${ORIGIN}/contact`, `${ORIGIN}/privacidad`, `${ORIGIN}/categoria/yugioh/MRD`, `${ORIGIN}/categoria/yugioh/LOB`]);
  });

  it("lists every card's page, its id encoded, with the day it last changed", async () => {
    const res = await request(shop.server).get('/sitemap-cards-1.xml').expect(200);
    expect(locs(res.text)).toEqual(cards.map((id) => `${ORIGIN}/product/${encodeURIComponent(id)}`));
    expect(res.text).toContain('%2F');
    const today = new Date().toISOString().slice(0, 10);
    expect([...res.text.matchAll(/<lastmod>([^<]*)<\/lastmod>/g)].map(([, day]) => day)).toEqual([today, today]);
    // Each listed page is a card's page with its preview.
    const page = await request(shop.server).get(new URL(locs(res.text)[0]).pathname).expect(200);
    expect(page.text).toContain('<title data-preview>Arcanite Magician/Assault Mode | TCG Lima</title>');
  });

  it('answers 404 for a card file past the last, or not a number', async () => {
    for (const file of ['2', '0', 'x', '01', '9999999']) await request(shop.server).get(`/sitemap-cards-${file}.xml`).expect(404);
  });

  it('splits the cards into files of at most 10,000', () => {
    const files = (cardsCount: number) => locs(sitemapIndex(ORIGIN, cardsCount)).filter((loc) => loc.includes('cards'));
    expect(CARDS_PER_SITEMAP).toBe(10_000);
    expect(files(0)).toEqual([`${ORIGIN}/sitemap-cards-1.xml`]);
    expect(files(10_000)).toHaveLength(1);
    expect(files(10_001)).toEqual([`${ORIGIN}/sitemap-cards-1.xml`, `${ORIGIN}/sitemap-cards-2.xml`]);
    expect(files(50_000)).toHaveLength(5);
  });
});
