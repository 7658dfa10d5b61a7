import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import sharp from 'sharp';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../auth';
import { DATABASE } from '../../database/database.module';
import type { FileStorage } from '../../infra/files';
import type { JobQueue } from '../../infra/jobs';
import { createTestCard } from '../../inventory/testing/write-side.fixtures';
import { JOB_QUEUE } from '../../jobs/jobs.module';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { type CardDatabaseStandIn, MALFORMED_CARD, OVERSIZED_ANSWER, startCardDatabaseStandIn } from '../card-database/testing/card-database-stand-in';
import { CARD_IMAGE_STORAGE, cardImageKey } from './card-image-storage';
import { CARD_IMAGES_JOB, CardImagesJobHandler } from './card-images.job';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

describe('admin single-card upload API', () => {
  let standIn: CardDatabaseStandIn;
  let shop: TestApp;
  let admin: ReturnType<typeof request.agent>;

  beforeAll(async () => {
    standIn = await startCardDatabaseStandIn();
    shop = await startTestApp({ CARD_DATABASE_URL: standIn.url, TRANSLATE_URL: standIn.translateUrl, DEMO_SEED: 'false' });
    admin = request.agent(shop.server);
    await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
  });
  afterAll(async () => {
    await shop?.close();
    await standIn?.close();
  });
  afterEach(() => standIn.failWith(null));

  const imageRequests = () => standIn.requests.filter((r) => r.path.startsWith('/images/'));

  async function lookup(name: string) {
    return (await admin.get('/api/admin/card-lookup').query({ name }).expect(200)).body;
  }

  async function cardWithImages(id: string) {
    for (let tries = 0; tries < 200; tries++) {
      const res = await request(shop.server).get(`/api/cards/${encodeURIComponent(id)}`);
      if (res.status === 200 && res.body.imageUrl && res.body.imageSmallUrl) return res.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`card ${id} never got its images`);
  }

  const uploadBody = (card: Awaited<ReturnType<typeof lookup>>, version: number, extra: object = {}) => ({
    name: card.name,
    spanishName: card.spanishName,
    ...card.versions[version],
    language: 'en',
    quantity: 1,
    unitCost: 0,
    salePrice: 1500,
    offerPrice: 0,
    imageUrl: card.imageUrl,
    ...extra,
  });

  it('gives up on a picture whose address answers 404 at the first attempt, keeping the job as failed', async () => {
    const card = await lookup('Ash Blossom & Joyous Spring');
    standIn.failWith('/images/', 404);
    const before = imageRequests().length;
    const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { language: 'es' })).expect(201);
    expect(res.body).toMatchObject({ imagesQueued: true });
    const queue = shop.app.get<JobQueue>(JOB_QUEUE);
    for (let tries = 0; tries < 100 && (await queue.failed(CARD_IMAGES_JOB)).length === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    const [failed] = await queue.failed(CARD_IMAGES_JOB);
    expect(failed).toMatchObject({ attempts: 1, data: { cardId: res.body.cardId } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(imageRequests().length - before).toBe(1);

    // The admin who uploaded it is told, in spec §8's words (upload QA: only the server's log said it).
    const pictures = (since: string) => admin.get(`/api/admin/cards/${encodeURIComponent(res.body.cardId)}/pictures`).query({ since });
    expect((await pictures(res.body.queuedAt).expect(200)).body).toEqual({ state: 'failed', message: messages.admin.upload.imageHttpError(404) });
    // A failure before the upload asking is not its own.
    expect((await pictures(new Date(Date.now() + 60_000).toISOString()).expect(200)).body).toEqual({ state: 'pending' });
    await pictures('yesterday').expect(400);
    await admin.get('/api/admin/cards/nothing-here/pictures').query({ since: res.body.queuedAt }).expect(404);
    const customer = request.agent(shop.server);
    await customer.post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    await customer.get(`/api/admin/cards/${encodeURIComponent(res.body.cardId)}/pictures`).query({ since: res.body.queuedAt }).expect(403);
  });

  it('fails a picture job for a card that is not listed at its first attempt, asking the card database nothing', async () => {
    const before = imageRequests().length;
    const images = shop.app.get(CardImagesJobHandler);
    const cardId = 'Nothing Here_XXX-EN000_Common_Unlimited_en';
    await images.enqueue({ cardId, sourceUrl: `${standIn.url}/images/cards/dark-magician.jpg` });
    const queue = shop.app.get<JobQueue>(JOB_QUEUE);
    const failedFor = async () => (await queue.failed(CARD_IMAGES_JOB)).find((job) => (job.data as { cardId: string }).cardId === cardId);
    for (let tries = 0; tries < 100 && !(await failedFor()); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await failedFor()).toMatchObject({ attempts: 1, error: `card ${cardId} is not listed` });
    expect(imageRequests().length).toBe(before);
  });

  // Security review: whatever sharp could decode (SVG, TIFF, HEIF) was copied from the card database unchecked.
  it('gives up on a picture that is not JPEG, PNG or WebP at its first attempt, before decoding it', async () => {
    const cardId = await createTestCard(shop.app, { name: 'Vector Art Card', stock: 0, price: 100 });
    await shop.app.get(CardImagesJobHandler).enqueue({ cardId, sourceUrl: `${standIn.url}/images/cards/vector.svg` });
    const queue = shop.app.get<JobQueue>(JOB_QUEUE);
    const failedFor = async () => (await queue.failed(CARD_IMAGES_JOB)).find((job) => (job.data as { cardId: string }).cardId === cardId);
    for (let tries = 0; tries < 100 && !(await failedFor()); tries++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await failedFor()).toMatchObject({ attempts: 1, error: "the card database's picture is svg, not JPEG, PNG or WebP" });
    const storage = shop.app.get<FileStorage>(CARD_IMAGE_STORAGE);
    expect(await storage.exists(cardImageKey(cardId, 'large'))).toBe(false);
  });

  it('is for admins only', async () => {
    await request(shop.server).get('/api/admin/card-lookup?name=Dark%20Magician').expect(401);
    await request(shop.server).post('/api/admin/cards/upload').set(CSRF).send({}).expect(401);
    await request(shop.server).get('/api/admin/cards/listed').expect(401);
  });

  it('looks a card up by English name, with each print, its edition rule and a Spanish name', async () => {
    const card = await lookup('Dark Magician');
    expect(card).toMatchObject({ name: 'Dark Magician', spanishName: 'Mago Oscuro' });
    expect(card.versions).toEqual([
      { setCode: 'LOB-EN005', set: 'Legend of Blue Eyes White Dragon', rarity: 'Ultra Rare', rarityCode: '(UR)', edition: 'Unlimited' },
      { setCode: 'SDMY-EN010', set: 'Structure Deck: Mystic Spellcasters', rarity: 'Common', rarityCode: 'EN-C', edition: '1st Edition' },
    ]);
    expect((await lookup('Pot of Prosperity')).spanishName).toBeNull();
  });

  it('answers "No encontrada" for an unknown card and the search failure when the database fails', async () => {
    const missing = await admin.get('/api/admin/card-lookup').query({ name: 'Dark Magician Girlfriend' }).expect(404);
    expect(missing.body.message).toBe(messages.admin.upload.notFound);
    standIn.failWith('/cardinfo.php', 500);
    const failed = await admin.get('/api/admin/card-lookup').query({ name: 'Dark Magician' }).expect(502);
    expect(failed.body.message).toBe(messages.admin.upload.searchFailed);
  });

  it('answers the search failure when the database answers in another shape, or past any real size', async () => {
    standIn.failWith(null);
    for (const name of [MALFORMED_CARD, OVERSIZED_ANSWER]) {
      const res = await admin.get('/api/admin/card-lookup').query({ name }).expect(502);
      expect([name, res.body.message]).toEqual([name, messages.admin.upload.searchFailed]);
    }
  });

  it('refuses an upload without a chosen version', async () => {
    const card = await lookup('Dark Magician');
    const res = await admin.post('/api/admin/cards/upload').set(CSRF).send({ ...uploadBody(card, 0), setCode: '', set: '', rarity: '' }).expect(400);
    expect(res.body.message).toBe(messages.domain.invalidCardDetails);
  });

  it('refuses names with characters that turn the direction of the text around them', async () => {
    const card = await lookup('Dark Magician');
    for (const change of [{ spanishName: 'Mago \u202Eodiuqil' }, { name: 'Dark Magician\u2067' }, { name: 'Dark Magician\u200F' }, { set: 'Legend\u061C' }]) {
      const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, change)).expect(400);
      expect(res.body.message).toBe(messages.domain.cardDetailControls);
    }
    await request(shop.server).get(`/api/cards/${encodeURIComponent('Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en')}`).expect(404);
  });

  it('refuses control characters in any detail, a set code other than letters and digits in hyphenated groups, and another language or edition, saying which', async () => {
    const card = await lookup('Dark Magician');
    for (const [change, message] of [
      [{ name: 'Dark\r\nMagician' }, messages.domain.invalidCardDetails],
      [{ rarity: 'Ultra\tRare' }, messages.domain.invalidCardDetails],
      [{ spanishName: 'Mago\u0007Oscuro' }, messages.domain.invalidCardDetails],
      [{ setCode: 'a\r\nb' }, messages.domain.invalidCardDetails],
      [{ setCode: '../../ETC/PASSWD' }, messages.admin.sets.invalidCode],
      [{ setCode: 'LOB-EN 005' }, messages.admin.sets.invalidCode],
      [{ setCode: '<SCRIPT>' }, messages.admin.sets.invalidCode],
      [{ language: 'fr' }, 'El idioma de la carta debe ser en (Inglés) o es (Español).'],
      [{ edition: 'Limited' }, 'La edición debe ser 1st Edition o Unlimited.'],
    ] as const) {
      const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, change)).expect(400);
      expect([change, res.body.message]).toEqual([change, message]);
    }
    await request(shop.server).get(`/api/cards/${encodeURIComponent('Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en')}`).expect(404);
  });

  it('refuses a picture from anywhere but the card database, before anything is written', async () => {
    const card = await lookup('Dark Magician');
    for (const imageUrl of ['http://127.0.0.1:9200/_cat/indices', 'http://169.254.169.254/latest/meta-data/', 'javascript:alert(1)', 'not a url']) {
      const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { imageUrl })).expect(400);
      expect(res.body.message).toBe(messages.domain.cardImageNotFromDatabase);
    }
    await request(shop.server).get(`/api/cards/${encodeURIComponent('Dark Magician_LOB-EN005_Ultra Rare_Unlimited_en')}`).expect(404);
  });

  // Before: an invented card was listed for sale, and 'rarity: ultra rare' listed a print a second time (upload QA).
  it("lists only a print the card database has, in the database's spelling, and writes nothing of one it does not", async () => {
    const card = await lookup('Dark Magician');
    const db = shop.app.get<Database>(DATABASE);
    const events = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const before = await events();
    const refusals: Array<[object, string]> = [
      [{ name: 'Totally Fake Dragon' }, messages.domain.cardNotInDatabase],
      [{ rarity: 'Ghost Rare' }, messages.domain.printNotInDatabase],
      [{ setCode: 'MACR-EN036' }, messages.domain.printNotInDatabase],
      [{ imageUrl: `${standIn.url}/images/cards/ash-blossom-joyous-spring.jpg` }, messages.domain.cardImageNotFromDatabase],
    ];
    for (const [change, message] of refusals) {
      const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, change)).expect(400);
      expect(res.body.message).toBe(message);
    }
    standIn.failWith('/cardinfo.php', 500);
    const unchecked = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0)).expect(502);
    expect(unchecked.body.message).toBe(messages.admin.upload.uploadFailed);
    standIn.failWith(null);
    expect(await events()).toBe(before);

    const res = await admin
      .post('/api/admin/cards/upload')
      .set(CSRF)
      .send(uploadBody(card, 1, { edition: 'Unlimited', rarity: 'common', set: 'Metal Raiders' }))
      .expect(201);
    expect(res.body.cardId).toBe('Dark Magician_SDMY-EN010_Common_Unlimited_en');
    const listed = (await request(shop.server).get(`/api/cards/${encodeURIComponent(res.body.cardId)}`).expect(200)).body;
    expect(listed).toMatchObject({ set: 'Structure Deck: Mystic Spellcasters', rarity: 'Common', setCode: 'SDMY-EN010' });
  });

  // Before: a card whose set the shop lacked was saved as any other, and no set page ever listed it.
  it('says whether the shop has the set the card is listed under', async () => {
    const card = await lookup('Ash Blossom & Joyous Spring');
    const first = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 0 })).expect(201);
    expect(first.body).toMatchObject({ setId: 'MACR', setInShop: false });
    const set = { id: 'MACR', name: 'Maximum Crisis', releaseDate: '2016-05-05', preorderAvailable: false, products: { booster: true, display: false, cartaSuelta: true }, cards: [] };
    await admin.post('/api/admin/sets').set(CSRF).send(set).expect(201);
    const again = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 0 })).expect(201);
    expect(again.body).toMatchObject({ setId: 'MACR', setInShop: true });
  });

  it('lists a Spanish print under its -SP code and Spanish name, then copies its picture once as two WebP sizes', async () => {
    const card = await lookup('Dark Magician');
    const before = imageRequests().length;
    const res = await admin
      .post('/api/admin/cards/upload')
      .set(CSRF)
      .send(uploadBody(card, 0, { language: 'es', quantity: 2, unitCost: 500, salePrice: 3000, offerPrice: 2500 }))
      .expect(201);
    expect(res.body).toMatchObject({ cardId: 'Mago Oscuro_LOB-SP005_Ultra Rare_Unlimited_es', created: true, stock: 2, imagesQueued: true });

    const listed = await cardWithImages(res.body.cardId);
    const pictures = await admin.get(`/api/admin/cards/${encodeURIComponent(res.body.cardId)}/pictures`).query({ since: res.body.queuedAt }).expect(200);
    expect(pictures.body).toEqual({ state: 'copied' });
    expect(listed).toMatchObject({ name: 'Mago Oscuro', defaultName: 'Dark Magician', setCode: 'LOB-SP005', setId: 'LOB', language: 'es', stockFinal: 2, lastSalePrice: 3000, lastOfferPrice: 2500 });
    const { rows } = await shop.app.get<Database>(DATABASE).query<{ keywords: string[] }>('SELECT keywords FROM cards WHERE id = $1', [res.body.cardId]);
    expect(rows[0].keywords).toEqual(['dark magician', 'mago oscuro']);
    expect(imageRequests().slice(before).map((r) => r.path)).toEqual(['/images/cards/dark-magician.jpg']);

    for (const [url, width] of [[listed.imageUrl, 421], [listed.imageSmallUrl, 168]] as const) {
      expect(url).toMatch(/^\/api\/files\/cards\/.+\.webp$/);
      const image = await request(shop.server).get(url).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (chunk: Buffer) => chunks.push(chunk));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      }).expect(200);
      expect(image.headers['cache-control']).toContain('max-age=31536000');
      const metadata = await sharp(image.body as Buffer).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width });
    }
    for (const missing of ['nothing-here/large.webp', '..%2F..%2Fetc/passwd']) {
      const res = await request(shop.server).get(`/api/files/cards/${missing}`).expect(404);
      expect(res.body).toMatchObject({ code: 'not_found', message: messages.catalog.imageNotFound });
    }
  });

  it('adds the quantity to an existing card, takes a typed price, keeps it for a price of 0 and does not fetch its picture again', async () => {
    const card = await lookup('Ash Blossom & Joyous Spring');
    const first = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 2, salePrice: 4000 })).expect(201);
    expect(first.body.cardId).toBe('Ash Blossom & Joyous Spring_MACR-EN036_Secret Rare_Unlimited_en');
    await cardWithImages(first.body.cardId);
    const fetched = imageRequests().length;

    const again = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 3, salePrice: 9900, offerPrice: 8500 })).expect(201);
    expect(again.body).toMatchObject({ cardId: first.body.cardId, created: false, stock: 5, imagesQueued: false });
    const cardNow = async () => (await request(shop.server).get(`/api/cards/${encodeURIComponent(first.body.cardId)}`).expect(200)).body;
    expect(await cardNow()).toMatchObject({ stockFinal: 5, lastSalePrice: 9900, lastOfferPrice: 8500 });

    // The form's defaults (0 / 0) only add stock.
    const third = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 1, salePrice: 0 })).expect(201);
    expect(third.body).toMatchObject({ created: false, stock: 6 });
    expect(await cardNow()).toMatchObject({ stockFinal: 6, lastSalePrice: 9900, lastOfferPrice: 8500 });
    expect(imageRequests()).toHaveLength(fetched);
  });

  it('with 0 units lists the card and fetches its pictures, or prices a listed one, without an ingreso; refuses a negative or fractional quantity', async () => {
    const card = await lookup('Dark Magician');
    const upload = (quantity: number, salePrice: number) => admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity, salePrice }));
    const listed = await upload(0, 2500).expect(201);
    expect(listed.body).toMatchObject({ created: true, stock: 0, imagesQueued: true });
    expect(await cardWithImages(listed.body.cardId)).toMatchObject({ stockFinal: 0, lastSalePrice: 2500 });
    const priced = await upload(0, 2700).expect(201);
    expect(priced.body).toMatchObject({ cardId: listed.body.cardId, created: false, stock: 0, imagesQueued: false });
    const types = await shop.app.get<Database>(DATABASE).query<{ type: string }>('SELECT type FROM events WHERE stream_id = $1 ORDER BY position', [`card-${listed.body.cardId}`]);
    expect(types.rows.map((row) => row.type)).not.toContain('StockAdded');
    expect(types.rows.map((row) => row.type)).toContain('CardListed');
    for (const quantity of [-1, 1.5]) expect((await upload(quantity, 2700).expect(400)).body.message).toBe(messages.domain.invalidUploadQuantity);
  });

  it('lists no card without a sale price above 0, nor with an offer at or above it', async () => {
    const card = await lookup('Pot of Prosperity');
    const id = `Pot of Prosperity_${card.versions[0].setCode}_${card.versions[0].rarity}_${card.versions[0].edition}_en`;
    for (const [prices, message] of [
      [{ salePrice: 0, offerPrice: 0 }, messages.domain.salePriceRequired],
      [{ salePrice: 0, offerPrice: 500 }, messages.domain.salePriceRequired],
      [{ salePrice: 1000, offerPrice: 1000 }, messages.domain.offerNotBelowSale],
      [{ salePrice: 1000, offerPrice: 5000 }, messages.domain.offerNotBelowSale],
    ] as const) {
      const res = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, prices)).expect(400);
      expect(res.body.message).toBe(message);
    }
    await request(shop.server).get(`/api/cards/${encodeURIComponent(id)}`).expect(404);
    expect((await shop.app.get<Database>(DATABASE).query('SELECT 1 FROM events WHERE stream_id = $1', [`card-${id}`])).rows).toEqual([]);
  });

  it('on an existing card, an offer typed with a sale price of 0 applies to the price it has, and must be below it', async () => {
    const card = await lookup('Pot of Prosperity');
    const first = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { salePrice: 2000 })).expect(201);
    const cardNow = async () => (await request(shop.server).get(`/api/cards/${encodeURIComponent(first.body.cardId)}`).expect(200)).body;
    await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { salePrice: 0, offerPrice: 1500 })).expect(201);
    expect(await cardNow()).toMatchObject({ stockFinal: 2, lastSalePrice: 2000, lastOfferPrice: 1500 });
    const refused = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { salePrice: 0, offerPrice: 2000 })).expect(400);
    expect(refused.body.message).toBe(messages.domain.offerNotBelowSale);
    expect(await cardNow()).toMatchObject({ stockFinal: 2, lastSalePrice: 2000, lastOfferPrice: 1500 });
  });

  // Before: the Spanish name was dropped, and a print listed without one was never found in Spanish (upload QA).
  it('takes a Spanish name typed on a later upload: one the card lacked, or a corrected spelling', async () => {
    const card = await lookup('Pot of Prosperity');
    const send = (spanishName: string | null) =>
      admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { language: 'es', edition: '1st Edition', spanishName, quantity: 1, salePrice: 3000 })).expect(201);
    const first = await send(null);
    expect(first.body).toMatchObject({ cardId: 'Pot of Prosperity_BLVO-SP065_Secret Rare_1st Edition_es', created: true });
    const named = async () => (await request(shop.server).get(`/api/cards/${encodeURIComponent(first.body.cardId)}`).expect(200)).body;
    const found = async (q: string) => (await request(shop.server).get('/api/search').query({ q, position: String(last) }).expect(200)).body.hits.map((hit: { id: string }) => hit.id);
    let last = (await send('Vaso de la Prosperidad')).body.position;
    expect(await named()).toMatchObject({ name: 'Vaso de la Prosperidad', defaultName: 'Pot of Prosperity' });
    expect(await found('vaso prosperidad')).toContain(first.body.cardId);
    last = (await send('Olla de la Prosperidad')).body.position;
    expect(await named()).toMatchObject({ name: 'Olla de la Prosperidad', stockFinal: 3 });
    // A blank name, or the same in other capitals, keeps it.
    await send(null);
    last = (await send('  olla de la  PROSPERIDAD ')).body.position;
    expect(await named()).toMatchObject({ name: 'Olla de la Prosperidad', stockFinal: 5 });
  });

  it('adds a Spanish print uploaded again under another Spanish name, or none, to the card already listed', async () => {
    const card = await lookup('Dark Magician');
    const spanish = (spanishName: string | null, quantity: number) =>
      admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 1, { language: 'es', spanishName, quantity, salePrice: 0 }));
    const first = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 1, { language: 'es', quantity: 1 })).expect(201);
    expect(first.body).toMatchObject({ cardId: 'Mago Oscuro_SDMY-SP010_Common_1st Edition_es', created: true });
    for (const [name, quantity] of [['mago oscuro', 2], [null, 3], ['  MAGO OSCURO ', 4]] as const) {
      expect((await spanish(name, quantity).expect(201)).body).toMatchObject({ cardId: first.body.cardId, created: false });
    }
    // A code typed in lower case is the same print.
    const lower = admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 1, { language: 'es', setCode: 'sdmy-en010', quantity: 1, salePrice: 0 }));
    expect((await lower.expect(201)).body).toMatchObject({ cardId: first.body.cardId, created: false });
    const { rows } = await shop.app.get<Database>(DATABASE).query<{ id: string; stock_final: number }>(
      `SELECT id, stock_final FROM cards WHERE set_code = 'SDMY-SP010'`,
    );
    expect(rows).toEqual([{ id: first.body.cardId, stock_final: 11 }]);
  });

  it('writes nothing of an upload the stock limit refuses, its price included', async () => {
    const card = await lookup('Dark Magician');
    const upload = (extra: object) => admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 1, { quantity: 100_000, ...extra }));
    const first = await upload({ salePrice: 1000 }).expect(201);
    for (let i = 1; i < 10; i++) await upload({ salePrice: 0 }).expect(201);
    const refused = await upload({ quantity: 1, salePrice: 2500, offerPrice: 2000 }).expect(409);
    expect(refused.body.message).toBe(messages.domain.stockLimit);
    // The log, not a read model that a refused request does not wait for.
    const { rows } = await shop.app.get<Database>(DATABASE).query<{ type: string }>(
      `SELECT type FROM events WHERE stream_id = $1 AND type IN ('PriceSet', 'StockAdded') ORDER BY position`,
      [`card-${first.body.cardId}`],
    );
    expect(rows.map((row) => row.type)).toEqual(['PriceSet', ...Array<string>(10).fill('StockAdded')]);
  });

  it('counts an upload sent again under its Idempotency-Key once, and refuses the key with another upload', async () => {
    const card = await lookup('Pot of Prosperity');
    const send = (key: string, extra: object) =>
      admin.post('/api/admin/cards/upload').set(CSRF).set('Idempotency-Key', key).send(uploadBody(card, 0, { language: 'es', quantity: 2, salePrice: 2000, ...extra }));
    const [k1, k2] = [randomUUID(), randomUUID()];
    const first = await send(k1, {}).expect(201);
    expect(first.body).toMatchObject({ created: true, stock: 2 });
    // Answered as the first send was: the card it listed is still "created".
    expect((await send(k1.toUpperCase(), {}).expect(201)).body).toMatchObject({ cardId: first.body.cardId, created: true, stock: 2 });
    for (const other of [{ salePrice: 3000 }, { quantity: 5 }, { unitCost: 700 }]) {
      const refused = await send(k1, other).expect(422);
      expect(refused.body).toMatchObject({ code: 'idempotency_key_reused', message: 'Esta solicitud ya se registró con otros datos.' });
    }
    const cardNow = async () => (await request(shop.server).get(`/api/cards/${encodeURIComponent(first.body.cardId)}`).expect(200)).body;
    expect(await cardNow()).toMatchObject({ stockFinal: 2, lastSalePrice: 2000 });

    // Sent first without a price, then with one: not the same request; the first one stands.
    expect((await send(k2, { salePrice: 0, quantity: 1 }).expect(201)).body).toMatchObject({ created: false });
    const reused = await send(k2, { salePrice: 5000, quantity: 1 }).expect(422);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused', message: 'Esta solicitud ya se registró con otros datos.' });
    expect(await cardNow()).toMatchObject({ stockFinal: 3, lastSalePrice: 2000 });

    // A key that is not a UUID could name a later, different upload as a re-send of this one: refused, nothing added.
    for (const key of ['k-1', '1', '', `${k1}x`]) {
      const refused = await send(key, { quantity: 4 }).expect(400);
      expect(refused.body).toMatchObject({ code: 'invalid_idempotency_key', message: messages.domain.invalidRequestKey });
    }
    expect(await cardNow()).toMatchObject({ stockFinal: 3 });
  });

  it('answers a retried upload as done when another admin changed the price in between', async () => {
    const card = await lookup('Pot of Prosperity');
    const body = uploadBody(card, 0, { language: 'es', quantity: 1, salePrice: 2000 });
    const cardNow = async (id: string) => (await request(shop.server).get(`/api/cards/${encodeURIComponent(id)}`).expect(200)).body;
    const [k3, k4] = [randomUUID(), randomUUID()];
    const first = await admin.post('/api/admin/cards/upload').set(CSRF).set('Idempotency-Key', k3).send(body).expect(201);
    const stock = (await cardNow(first.body.cardId)).stockFinal;
    await admin.post('/api/admin/cards/upload').set(CSRF).set('Idempotency-Key', k4).send({ ...body, salePrice: 2600 }).expect(201);
    const retried = await admin.post('/api/admin/cards/upload').set(CSRF).set('Idempotency-Key', k3).send(body).expect(201);
    expect(retried.body).toMatchObject({ cardId: first.body.cardId, stock: stock + 1 });
    expect(await cardNow(first.body.cardId)).toMatchObject({ stockFinal: stock + 1, lastSalePrice: 2600 });
  });

  it('lists a print once when two uploads of it under different Spanish names arrive together', async () => {
    const card = await lookup('Ash Blossom & Joyous Spring');
    const upload = (spanishName: string, quantity: number) =>
      admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { language: 'es', edition: '1st Edition', spanishName, quantity }));
    const answers = await Promise.all([upload('Ceniza Alegre', 2), upload('Flor de Ceniza', 3), upload('ceniza alegre', 4)]);
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.cardId)).size).toBe(1);
    expect(answers.filter((res) => res.body.created)).toHaveLength(1);
    const { rows } = await shop.app.get<Database>(DATABASE).query<{ stock_final: number }>(
      `SELECT stock_final FROM cards WHERE set_code = 'MACR-SP036' AND edition = '1st Edition'`,
    );
    expect(rows).toEqual([{ stock_final: 9 }]);
  });

  // Admin QA: the form started every card at sale 0 and offer 0, so raising a listed card's price took its offer away unseen.
  it("answers the shop's card of a chosen print with its stock and prices, null for one not listed, 400 for an incomplete print", async () => {
    const card = await lookup('Ash Blossom & Joyous Spring');
    const { setCode, rarity, edition } = card.versions[0];
    const print = { name: card.name, setCode, rarity, edition, language: 'en' };
    const listed = async (query: object) => (await admin.get('/api/admin/cards/listed').query(query).expect(200)).body;
    const before = (await listed(print)).card?.stockFinal ?? 0;
    const uploaded = await admin.post('/api/admin/cards/upload').set(CSRF).send(uploadBody(card, 0, { quantity: 4, salePrice: 12500, offerPrice: 10625 })).expect(201);
    expect(await listed(print)).toEqual({ card: { id: uploaded.body.cardId, stockFinal: before + 4, lastSalePrice: 12500, lastOfferPrice: 10625 } });
    // A print the shop never listed (another card's name under this code).
    expect(await listed({ ...print, name: 'Pot of Prosperity' })).toEqual({ card: null });
    const { setCode: _setCode, ...incomplete } = print;
    expect((await admin.get('/api/admin/cards/listed').query(incomplete).expect(400)).body).toMatchObject({ statusCode: 400 });
  });

  it('registers the image job rate-limited under 20 requests a second, with retries and backoff', () => {
    const queue = shop.app.get<JobQueue>(JOB_QUEUE);
    const register = jest.spyOn(queue, 'register').mockImplementation(() => undefined);
    shop.app.get(CardImagesJobHandler).onModuleInit();
    const options = register.mock.calls.find(([name]) => name === CARD_IMAGES_JOB)?.[2];
    register.mockRestore();
    expect(options?.rateLimit).toBeDefined();
    // Fixed windows: two full windows can meet inside one sliding second.
    expect((2 * options!.rateLimit!.max * 1000) / options!.rateLimit!.durationMs).toBeLessThan(20);
    expect(options?.attempts).toBeGreaterThan(1);
    expect(options?.backoffMs).toBeGreaterThan(0);
  });
});

describe('admin single-card upload while the job queue refuses jobs', () => {
  it('stores the card and its stock when its pictures cannot be queued, and copies them itself', async () => {
    const standIn = await startCardDatabaseStandIn();
    const shop = await startTestApp({ CARD_DATABASE_URL: standIn.url, TRANSLATE_URL: standIn.translateUrl, DEMO_SEED: 'false' });
    try {
      const admin = request.agent(shop.server);
      await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
      const card = (await admin.get('/api/admin/card-lookup').query({ name: 'Pot of Prosperity' }).expect(200)).body;
      expect(card.imageUrl).toBeTruthy();
      // The real queue, closed: every enqueue now fails, as one does while Redis does not answer.
      await shop.app.get<JobQueue>(JOB_QUEUE).close();
      const res = await admin
        .post('/api/admin/cards/upload')
        .set(CSRF)
        .send({ name: card.name, spanishName: card.spanishName, ...card.versions[0], language: 'en', quantity: 3, unitCost: 0, salePrice: 1500, offerPrice: 0, imageUrl: card.imageUrl })
        .expect(201);
      expect(res.body).toMatchObject({ created: true, stock: 3, imagesQueued: true });
      const path = `/api/cards/${encodeURIComponent(res.body.cardId)}`;
      let listed = (await request(shop.server).get(path).expect(200)).body;
      for (let tries = 0; tries < 200 && !listed.imageSmallUrl?.endsWith('/small.webp'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        listed = (await request(shop.server).get(path).expect(200)).body;
      }
      expect(listed).toMatchObject({ stockFinal: 3, imageUrl: expect.stringMatching(/\/large\.webp$/), imageSmallUrl: expect.stringMatching(/\/small\.webp$/) });
      expect(standIn.requests.filter((r) => r.path.startsWith('/images/'))).toHaveLength(1);
    } finally {
      await shop.close();
      await standIn.close();
    }
  });
});

describe('admin single-card upload when the embedded shop stops before its pictures are copied', () => {
  it('copies them once it starts again (the in-process runner journals its jobs)', async () => {
    const standIn = await startCardDatabaseStandIn();
    const dataDir = mkdtempSync(join(tmpdir(), 'tcg-pictures-'));
    const env = { CARD_DATABASE_URL: standIn.url, TRANSLATE_URL: standIn.translateUrl, DEMO_SEED: 'false', DATA_DIR: dataDir };
    const imageRequests = () => standIn.requests.filter((r) => r.path.startsWith('/images/')).length;
    try {
      let cardId: string;
      const first = await startTestApp(env, { embedded: true });
      try {
        const admin = request.agent(first.server);
        await admin.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
        const card = (await admin.get('/api/admin/card-lookup').query({ name: 'Dark Magician' }).expect(200)).body;
        // The card database is down: the first attempt fails and the retry waits its backoff.
        standIn.failWith('/images/', 503);
        const res = await admin
          .post('/api/admin/cards/upload')
          .set(CSRF)
          .send({ name: card.name, spanishName: card.spanishName, ...card.versions[0], language: 'en', quantity: 1, unitCost: 0, salePrice: 1500, offerPrice: 0, imageUrl: card.imageUrl })
          .expect(201);
        cardId = res.body.cardId;
        for (let tries = 0; tries < 200 && imageRequests() === 0; tries++) await new Promise((resolve) => setTimeout(resolve, 25));
        expect(imageRequests()).toBe(1);
      } finally {
        await first.close();
      }
      standIn.failWith(null);
      const next = await startTestApp(env, { embedded: true });
      try {
        const path = `/api/cards/${encodeURIComponent(cardId)}`;
        let listed = (await request(next.server).get(path).expect(200)).body;
        for (let tries = 0; tries < 300 && !listed.imageSmallUrl; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          listed = (await request(next.server).get(path).expect(200)).body;
        }
        expect(listed).toMatchObject({ imageUrl: expect.stringMatching(/\/large\.webp$/), imageSmallUrl: expect.stringMatching(/\/small\.webp$/) });
        expect(imageRequests()).toBe(2);
      } finally {
        await next.close();
      }
    } finally {
      await standIn.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
