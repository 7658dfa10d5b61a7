import type { Database } from '@tcg/projections';
import { MAX_AMOUNT_CENTS, MAX_CARD_STOCK, MAX_MOVEMENT_UNITS, messages } from '@tcg/domain';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { checkoutInput, tryCheckout } from '../../checkout/testing/checkout.fixtures';
import { DATABASE } from '../../database/database.module';
import { AddStockCommand } from '../../inventory';
import { createTestCard } from '../../inventory/testing/write-side.fixtures';
import { CSRF, type Shopper, signInAdmin } from '../../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { MOVEMENTS_PAGE_SIZE } from './queries/card-movements.query';
import type { StockCheckRow } from './queries/stock-check.query';
import { auditRow, readModelsAtHead } from './testing/audit.fixtures';

describe('admin stock audit API (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: Shopper;
  let db: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    db = t.app.get<Database>(DATABASE);
    admin = await signInAdmin(t);
    for (const [name, stock, setCode] of [
      ['Dragón Blanco de Ojos Azules', 4, undefined],
      ['Dark Magician', 6, undefined],
      ['Kuriboh', 0, 'MRD-EN071'],
    ] as const) {
      ids[name] = await createTestCard(t.app, { name, stock, price: 900, setCode });
    }
    await readModelsAtHead(t.app);
  });
  afterAll(() => t.close());

  const stockCheck = async (query = ''): Promise<StockCheckRow[]> =>
    (await admin.agent.get(`/api/admin/stock-check${query}`).expect(200)).body.cards;
  const addStock = (cardId: string, body: object) =>
    admin.agent
      .post(`/api/admin/cards/${encodeURIComponent(cardId)}/stock`)
      .set(CSRF)
      .send(body);

  it('shows every card with its recorded and computed stock, which agree after the projection', async () => {
    const rows = await stockCheck();
    expect(rows.map((row) => row.name).sort()).toEqual(['Dark Magician', 'Dragón Blanco de Ojos Azules', 'Kuriboh']);
    expect(rows.find((row) => row.name === 'Dark Magician')).toEqual({
      id: ids['Dark Magician'],
      name: 'Dark Magician',
      set: 'Test Set',
      setCode: 'TST-EN001',
      rarity: 'Ultra Rare',
      edition: 'Unlimited',
      language: 'en',
      recorded: 6,
      computed: 6,
      difference: 0,
    });
    expect(await stockCheck('?onlyDiff=true')).toEqual([]);
  });

  it('searches names ignoring accents and case, and set codes', async () => {
    expect((await stockCheck('?q=DRAGON%20blanco')).map((row) => row.name)).toEqual(['Dragón Blanco de Ojos Azules']);
    expect(await stockCheck('?q=zzz')).toEqual([]);
    // Or the beginning of a set code, in any case.
    expect((await stockCheck('?q=mrd-en0')).map((row) => row.name)).toEqual(['Kuriboh']);
    expect((await stockCheck(`?q=${encodeURIComponent('MRD\u2013EN071')}`)).map((row) => row.name)).toEqual(['Kuriboh']);
    expect((await stockCheck('?q=mrd%20en071')).map((row) => row.name)).toEqual(['Kuriboh']);
    expect((await stockCheck('?q=TST-EN001')).map((row) => row.name).sort()).toEqual(['Dark Magician', 'Dragón Blanco de Ojos Azules']);
    // A repeated parameter is not a name: the whole list, not a 500.
    expect((await stockCheck('?q=a&q=b')).length).toBeGreaterThan(0);
  });

  it('shows recorded minus computed when the stored stock was changed by hand, and lists only those with onlyDiff', async () => {
    await db.query('UPDATE cards SET stock_final = stock_final + 3 WHERE id = $1', [ids['Dragón Blanco de Ojos Azules']]);
    await db.query('UPDATE cards SET stock_final = 1 WHERE id = $1', [ids['Dark Magician']]);

    const differing = await stockCheck('?onlyDiff=true');
    expect(
      differing
        .map(({ name, recorded, computed, difference }) => ({
          name,
          recorded,
          computed,
          difference,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'Dark Magician', recorded: 1, computed: 6, difference: -5 },
      {
        name: 'Dragón Blanco de Ojos Azules',
        recorded: 7,
        computed: 4,
        difference: 3,
      },
    ]);
    expect(await auditRow(admin.agent, 'Kuriboh')).toMatchObject({
      recorded: 0,
      computed: 0,
      difference: 0,
    });
  });

  it('adds stock as an ingreso and answers with the updated row at once; a re-sent request adds it once, a reused key is refused', async () => {
    const kuriboh = ids['Kuriboh'];
    const key = randomUUID();
    const res = await addStock(kuriboh, { quantity: 5, unitCost: 1250 }).set('Idempotency-Key', key).expect(201);
    expect(res.body.card).toMatchObject({
      id: kuriboh,
      recorded: 5,
      computed: 5,
      difference: 0,
    });
    expect(await auditRow(admin.agent, 'Kuriboh')).toMatchObject({
      recorded: 5,
      computed: 5,
    });

    await addStock(kuriboh, { quantity: 5, unitCost: 1250 }).set('Idempotency-Key', key.toUpperCase()).expect(201);
    for (const other of [{ quantity: 6, unitCost: 1250 }, { quantity: 5, unitCost: 999 }]) {
      const refused = await addStock(kuriboh, other).set('Idempotency-Key', key).expect(422);
      expect(refused.body).toMatchObject({ code: 'idempotency_key_reused', message: 'Esta solicitud ya se registró con otros datos.' });
    }
    expect(await auditRow(admin.agent, 'Kuriboh')).toMatchObject({
      recorded: 5,
      computed: 5,
    });
    // A hand-made key ('1', 'retry') would make a later, different request look like a re-send: refused, nothing added.
    for (const handMade of ['1', 'retry', `${key}0`]) {
      const refused = await addStock(kuriboh, { quantity: 5, unitCost: 1250 }).set('Idempotency-Key', handMade).expect(400);
      expect(refused.body).toMatchObject({ code: 'invalid_idempotency_key', message: messages.domain.invalidRequestKey });
    }
    expect(await auditRow(admin.agent, 'Kuriboh')).toMatchObject({ recorded: 5, computed: 5 });

    const { body } = await admin.agent.get(`/api/admin/cards/${encodeURIComponent(kuriboh)}/movements`).expect(200);
    expect(body.movements.filter((movement: { type: string }) => movement.type === 'ingreso').at(-1)).toEqual({
      type: 'ingreso',
      quantity: 5,
      unitCost: 1250,
      source: null,
      orderId: null,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it("waits, given this admin's last position, until the audit shows that write; a position not reached yet costs a bounded wait", async () => {
    const cardId = await createTestCard(t.app, { name: 'Sangan', stock: 1, price: 100 });
    await readModelsAtHead(t.app);
    const context = { correlationId: randomUUID(), actor: 'admin-test' };
    // Not through the endpoint, which waits for the projection itself: as a confirm or a cancel on another page.
    for (let round = 1; round <= 5; round++) {
      const { position } = await t.app.get(CommandBus).execute(new AddStockCommand(cardId, 2, 100, context));
      expect(await auditRow(admin.agent, 'Sangan', `&position=${position}`)).toMatchObject({ recorded: 1 + 2 * round, computed: 1 + 2 * round });
    }
    const started = Date.now();
    expect(await auditRow(admin.agent, 'Sangan', `&position=${Number.MAX_SAFE_INTEGER}`)).toMatchObject({ recorded: 11 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await auditRow(admin.agent, 'Sangan', '&position=abc')).recorded).toBe(11);
  });

  it.each([
    [{ quantity: 0, unitCost: 0 }, messages.domain.invalidQuantity],
    [{ quantity: 1.5, unitCost: 0 }, messages.domain.invalidQuantity],
    [{ quantity: '2', unitCost: 0 }, messages.domain.invalidQuantity],
    [{ quantity: 1, unitCost: -1 }, messages.domain.invalidUnitCost],
    [{ quantity: 1, unitCost: 12.5 }, messages.domain.invalidUnitCost],
    [{ quantity: MAX_MOVEMENT_UNITS + 1, unitCost: 0 }, messages.domain.invalidQuantity],
    [{ quantity: 99_999_999_999, unitCost: 0 }, messages.domain.invalidQuantity],
    [{ quantity: 1, unitCost: MAX_AMOUNT_CENTS + 1 }, messages.domain.invalidUnitCost],
    [{ quantity: 1, unitCost: 9_999_999_900 }, messages.domain.invalidUnitCost],
  ])('refuses %j without adding anything', async (body, message) => {
    const before = await auditRow(admin.agent, 'Dark Magician');
    const res = await addStock(ids['Dark Magician'], body).expect(400);
    expect(res.body.message).toBe(message);
    expect(await auditRow(admin.agent, 'Dark Magician')).toEqual(before);
  });

  it('fills a card up to the most it may hold, refuses a unit more with 409, and keeps projecting', async () => {
    const cardId = await createTestCard(t.app, { name: 'Jirai Gumo', stock: 0, price: 100 });
    for (let added = 0; added < MAX_CARD_STOCK; added += MAX_MOVEMENT_UNITS) {
      await addStock(cardId, { quantity: MAX_MOVEMENT_UNITS, unitCost: MAX_AMOUNT_CENTS }).expect(201);
    }
    const res = await addStock(cardId, { quantity: 1, unitCost: 0 }).expect(409);
    expect(res.body.message).toBe(messages.domain.stockLimit);
    expect(await auditRow(admin.agent, 'Jirai Gumo')).toMatchObject({ recorded: MAX_CARD_STOCK, computed: MAX_CARD_STOCK, difference: 0 });
    await addStock(ids['Kuriboh'], { quantity: 1, unitCost: 0 }).expect(201);
    expect(await auditRow(admin.agent, 'Kuriboh')).toMatchObject({ difference: 0 });
    const { rows } = await db.query<{ state: string }>('SELECT state FROM projection_checkpoints WHERE name = $1', ['cards']);
    expect(rows).toEqual([{ state: 'running' }]);
  });

  it('answers 404 when adding stock to, or listing the movements of, a card that does not exist', async () => {
    await addStock('No existe_XXX-EN000_Common_Unlimited_en', {
      quantity: 1,
      unitCost: 0,
    }).expect(404);
    await admin.agent.get('/api/admin/cards/nope/movements').expect(404);
  });

  it('lists a card’s movements oldest first: ingreso, reserva and the venta that settles it', async () => {
    const cardId = await createTestCard(t.app, {
      name: 'Jinzo',
      stock: 5,
      price: 900,
    });
    const outcome = await tryCheckout(t.app, checkoutInput([{ cardId, quantity: 2, unitPrice: 900 }]));
    if (!outcome.ok) throw outcome.error;
    await admin.agent.post(`/api/admin/orders/${outcome.result.orderId}/confirm`).set(CSRF).expect(200);

    const { body } = await admin.agent.get(`/api/admin/cards/${encodeURIComponent(cardId)}/movements`).expect(200);
    expect(body.movements.map(({ type, quantity }: { type: string; quantity: number }) => [type, quantity])).toEqual([
      ['ingreso', 5],
      ['reserva', 2],
      ['venta', 2],
    ]);
    expect(await auditRow(admin.agent, 'Jinzo')).toMatchObject({
      recorded: 3,
      computed: 3,
      difference: 0,
    });
  });
});

describe('admin stock audit API, a page at a time (real PostgreSQL)', () => {
  const CARDS = 53;
  let t: TestApp;
  let admin: Shopper;
  const created: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
    admin = await signInAdmin(t);
    for (let index = 0; index < CARDS; index++) created.push(await createTestCard(t.app, { name: `Paged ${index}`, stock: 0, price: 100 }));
    await readModelsAtHead(t.app);
  }, 60_000);
  afterAll(() => t.close());

  const page = async (query: string) => (await admin.agent.get(`/api/admin/stock-check${query}`).expect(200)).body;

  it('answers 50 cards per page, newest first, with the totals; a page past the last has no cards', async () => {
    const first = await page('');
    expect({ ...first, cards: first.cards.length }).toEqual({ cards: 50, page: 1, pageSize: 50, total: CARDS, totalPages: 2 });
    const second = await page('?page=2');
    expect(second).toMatchObject({ page: 2, total: CARDS, totalPages: 2 });
    expect([...first.cards, ...second.cards].map((row: StockCheckRow) => row.id)).toEqual([...created].reverse());
    expect(await page('?page=3')).toEqual({ cards: [], page: 3, pageSize: 50, total: CARDS, totalPages: 2 });
  });

  it('pages the differing cards with onlyDiff, and the search with q', async () => {
    const db = t.app.get<Database>(DATABASE);
    await db.query('UPDATE cards SET stock_final = 2 WHERE id = ANY($1)', [[created[3], created[40]]]);
    const differing = await page('?onlyDiff=true');
    expect(differing).toMatchObject({ page: 1, total: 2, totalPages: 1 });
    expect(differing.cards.map((row: StockCheckRow) => [row.id, row.difference]).sort()).toEqual([[created[3], 2], [created[40], 2]].sort());
    expect(await page('?onlyDiff=true&page=2')).toMatchObject({ cards: [], total: 2 });
    expect(await page('?q=paged%2012')).toMatchObject({ total: 1, totalPages: 1, cards: [{ id: created[12] }] });
  });

  it.each(['0', '-1', 'abc', '1.5', '999999'])('refuses page=%s with a JSON error', async (value) => {
    const res = await admin.agent.get(`/api/admin/stock-check?page=${value}`).expect(400);
    expect(res.body).toMatchObject({ code: 'bad_request', message: 'Página no válida: debe ser un número entero desde 1.' });
  });

  // Before: every movement the card ever had came in one answer and filled the table's row.
  it('lists the latest movements first, a page at a time, each page oldest first', async () => {
    const cardId = await createTestCard(t.app, { name: 'Man-Eater Bug', stock: 1, price: 300 });
    const context = { correlationId: randomUUID(), actor: 'admin-test' };
    for (let quantity = 2; quantity <= MOVEMENTS_PAGE_SIZE + 5; quantity++) {
      await t.app.get(CommandBus).execute(new AddStockCommand(cardId, quantity, 100, context));
    }
    await readModelsAtHead(t.app);
    const movements = async (query: string) => (await admin.agent.get(`/api/admin/cards/${encodeURIComponent(cardId)}/movements${query}`).expect(200)).body;
    const latest = await movements('');
    const quantities = (page: { movements: { quantity: number }[] }) => page.movements.map((movement) => movement.quantity);
    expect(quantities(latest)).toEqual(Array.from({ length: MOVEMENTS_PAGE_SIZE }, (_, index) => index + 6));
    expect(latest.earlier).toEqual(expect.any(Number));
    const earlier = await movements(`?before=${latest.earlier}`);
    expect(quantities(earlier)).toEqual([1, 2, 3, 4, 5]);
    expect(earlier.earlier).toBeNull();
  });

  it.each(['x', '0', '-3'])('refuses movements before=%s with a JSON error', async (value) => {
    const res = await admin.agent.get(`/api/admin/cards/${encodeURIComponent(created[0])}/movements?before=${value}`).expect(400);
    expect(res.body).toMatchObject({ code: 'bad_request', message: 'Página no válida: vuelve a abrir los movimientos de la carta.' });
  });
});
