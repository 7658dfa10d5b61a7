import { CommandBus } from '@nestjs/cqrs';
import { messages } from '@tcg/domain';
import { CARDS_PROJECTION, ProjectionWaiter } from '@tcg/projections';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../auth';
import { AddStockCommand, type CardCommandResult } from '../inventory';
import { createTestCard, testContext } from '../inventory/testing/write-side.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { PAGES_PER_MINUTE } from './page-rate-limit';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const INDEX = `<!doctype html>
<html lang="es-PE">
  <head>
    <meta name="description" content="Cartas sueltas de Yu-Gi-Oh! en Lima." />
    <meta property="og:site_name" content="TCG Lima" />
    <meta property="og:title" content="TCG Lima | Cartas Yu-Gi-Oh! en Lima" />
    <title>TCG Lima</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The content of each `<meta property|name=… content=…>` in the page's head. */
function metaOf(html: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [, key, content] of html.matchAll(/<meta data-preview (?:property|name)="([^"]+)" content="([^"]*)"/g)) (found[key] ??= []).push(content);
  return found;
}

/** A shop serving `INDEX` as its built storefront, and how to stop it and remove the build. */
async function shopWithStorefront(): Promise<{ shop: TestApp; close(): Promise<void> }> {
  const dist = mkdtempSync(join(tmpdir(), 'tcg-preview-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  const shop = await startTestApp({ DEMO_SEED: 'false', FRONTEND_DIST: dist, PUBLIC_URL: 'https://tienda.example.pe' });
  return {
    shop,
    async close() {
      await shop.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

describe('link previews of card and set pages', () => {
  let shop: TestApp;
  let close: () => Promise<void>;
  let card: string;
  let soldOut: string;

  beforeAll(async () => {
    ({ shop, close } = await shopWithStorefront());
    soldOut = await createTestCard(shop.app, { name: 'Arcanite Magician/Assault Mode', stock: 0, price: 100 });
    card = await createTestCard(shop.app, { name: 'Dragón "Blanco" & <Ojos>', stock: 0, price: 2550, setCode: 'LOB-SP001', imageUrl: '/api/files/cards/lob-sp001.jpg' });
    const last = await shop.app.get(CommandBus).execute<AddStockCommand, CardCommandResult>(new AddStockCommand(card, 3, 100, testContext));
    const admin = request.agent(shop.server);
    await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
    await admin
      .post('/api/admin/sets')
      .set(CSRF)
      .send({ id: 'LOB', name: 'Legend of Blue Eyes', releaseDate: '2002-03-08', preorderAvailable: false, products: { booster: true, display: false, cartaSuelta: true }, cards: [] })
      .expect(201);
    await admin
      .post('/api/admin/sets')
      .set(CSRF)
      .send({ id: 'DOLR', name: "Dollar $' $& $` set", releaseDate: '2024-01-01', preorderAvailable: false, products: { booster: true, display: false, cartaSuelta: true }, cards: [] })
      .expect(201);
    expect(await shop.app.get(ProjectionWaiter).waitFor(last.position, 5000, [CARDS_PROJECTION])).toBe(true);
  });
  afterAll(() => close?.());

  it("gives a card's page its name, price, stock, print, set (as the sets name it) and picture, escaped, for a chat app to show", async () => {
    const res = await request(shop.server).get(`/product/${encodeURIComponent(card)}`).expect(200).expect('Content-Type', /html/);
    const title = 'Dragón &quot;Blanco&quot; &amp; &lt;Ojos&gt; | TCG Lima';
    expect(res.text).toContain(`<title data-preview>${title}</title>`);
    expect(res.text).not.toContain('<Ojos>');
    expect(metaOf(res.text)).toEqual({
      description: ['S/ 25.50 · 3 en stock · LOB-SP001 · Ultra Rare · Legend of Blue Eyes'],
      'og:site_name': ['TCG Lima'],
      'og:type': ['website'],
      'og:title': [title],
      'og:description': ['S/ 25.50 · 3 en stock · LOB-SP001 · Ultra Rare · Legend of Blue Eyes'],
      'og:url': [`https://tienda.example.pe/product/${encodeURIComponent(card)}`],
      'og:image': ['https://tienda.example.pe/api/files/cards/lob-sp001.jpg'],
      'twitter:card': ['summary_large_image'],
    });
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The shop's own description and Open Graph tags are gone: one of each.
    expect(res.text).not.toMatch(/<meta (name="description"|property="og:)/);
    expect(res.text).not.toContain('Cartas Yu-Gi-Oh! en Lima');
  });

  it("describes a card for search results (schema.org Product: price in soles, availability), its '<' escaped", async () => {
    const res = await request(shop.server).get(`/product/${encodeURIComponent(card)}`).expect(200);
    const [, json] = /<script data-preview type="application\/ld\+json">(.*?)<\/script>/.exec(res.text)!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Dragón "Blanco" & <Ojos>',
      sku: 'LOB-SP001',
      image: 'https://tienda.example.pe/api/files/cards/lob-sp001.jpg',
      offers: {
        '@type': 'Offer',
        url: `https://tienda.example.pe/product/${encodeURIComponent(card)}`,
        priceCurrency: 'PEN',
        price: '25.50',
        availability: 'https://schema.org/InStock',
      },
    });
    const soldOutPage = await request(shop.server).get(`/product/${encodeURIComponent(soldOut)}`).expect(200);
    expect(JSON.parse(/<script data-preview type="application\/ld\+json">(.*?)<\/script>/.exec(soldOutPage.text)![1]).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('says a sold-out card is sold out, and shows no picture it does not have (a name with a slash in its id)', async () => {
    const res = await request(shop.server).get(`/product/${encodeURIComponent(soldOut)}`).expect(200);
    const meta = metaOf(res.text);
    expect(meta['og:title']).toEqual(['Arcanite Magician/Assault Mode | TCG Lima']);
    expect(meta['og:description']).toEqual(['S/ 1.00 · Agotado · TST-EN001 · Ultra Rare · Test Set']);
    expect(meta['og:image']).toBeUndefined();
    expect(meta['twitter:card']).toEqual(['summary']);
  });

  it("gives a set's page its name and release date, its code in any case", async () => {
    const res = await request(shop.server).get('/categoria/yugioh/lob').expect(200);
    expect(res.text).toContain('<title data-preview>Legend of Blue Eyes | TCG Lima</title>');
    // One address for the page, whichever case it was asked in.
    expect(metaOf(res.text)['og:url']).toEqual(['https://tienda.example.pe/categoria/yugioh/LOB']);
    expect(res.text).toContain('<link data-preview rel="canonical" href="https://tienda.example.pe/categoria/yugioh/LOB" />');
    expect(metaOf(res.text)['og:description']).toEqual(['Cartas sueltas de Legend of Blue Eyes en Lima, Perú. Lanzamiento: 8/3/2002']);
  });

  // Security review: "$'" in a name was read as a replacement pattern and put a second <title> in the page.
  it("writes a name with '$' sequences as text", async () => {
    const res = await request(shop.server).get('/categoria/yugioh/DOLR').expect(200);
    expect(res.text).toContain('<title data-preview>Dollar $&#39; $&amp; $` set | TCG Lima</title>');
    expect(res.text.match(/<title/g)).toHaveLength(1);
  });

  it("answers 404 with the storefront for a card or set the shop does not have (its page says so), a malformed path, and a path that is no page", async () => {
    for (const path of ['/product/no-such-card', '/categoria/yugioh/NOPE', '/product/%E0%A4%A', '/product/x/y', '/categoria/otro/LOB', '/foo']) {
      const res = await request(shop.server).get(path).expect(404).expect('Content-Type', /html/);
      expect(res.text).toBe(INDEX);
    }
  });

  it('answers an API path in any letter case as the API does, in JSON, never with the storefront', async () => {
    const home = await request(shop.server).get('/API/HOME').expect(200).expect('Content-Type', /json/);
    expect(home.body).toHaveProperty('latestSets');
    const missing = await request(shop.server).get('/Api/no-such-thing').expect(404).expect('Content-Type', /json/);
    expect(missing.body.message).toBe('No existe lo que buscas.');
  });

  it("leaves every other page the shop's own title and description", async () => {
    for (const path of ['/', '/about', '/search?q=dragon', '/admin/orders', '/account/history']) {
      const res = await request(shop.server).get(path).expect(200);
      expect(res.text).toBe(INDEX);
    }
  });
});

describe('storefront pages under the per-address limit', () => {
  let shop: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ shop, close } = await shopWithStorefront());
  });
  afterAll(() => close?.());

  // Security review: 700 page lookups in a row, none refused.
  it(`answers at most ${PAGES_PER_MINUTE} pages and sitemaps a minute to one address, then 429 in Spanish; the API counts apart`, async () => {
    const statuses = new Map<number, number>();
    for (let sent = 0; sent < PAGES_PER_MINUTE; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, (_unused, index) => request(shop.server).get(sent + index === 0 ? '/sitemap.xml' : `/product/no-existe-${sent + index}`)),
      );
      for (const res of batch) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1, 404: PAGES_PER_MINUTE - 1 });
    for (const path of ['/product/no-existe', '/sitemap-pages.xml', '/categoria/yugioh/lob']) {
      const refused = await request(shop.server).get(path).expect(429);
      expect(refused.text).toBe(messages.auth.tooManyRequests);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    await request(shop.server).get('/robots.txt').expect(200);
    await request(shop.server).get('/api/home').expect(200);
  });
});
