import { cardStreamName, computeStock, orderStreamName, type TcgEvent } from '@tcg/domain';
import type { RecordedEvent } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendEvents, createPostgresTestDatabase, listingEvents, projectAll, readModelChecksums, TestDatabase } from '../testing';
import { applyBatch } from './apply-batch';
import { cardsProjection } from './cards.projection';
import { readCheckpoint } from './checkpoints';
import { ordersProjection } from './orders.projection';
import { createProjections } from './projection-registry';
import { replayProjection, replayProjections } from './replay';
import { rebuildProjection } from './blue-green';
import { ERASED } from '../personal-data/personal-data-keys';

const at = (minute: number) => new Date(Date.UTC(2025, 0, 15, 15, minute)).toISOString();
const card = listingEvents({ name: 'Dark Magician', spanishName: 'Mago Oscuro', setCode: 'SDY-006', rarity: 'Ultra Rare', salePrice: 3000, stock: 5 });
const cardId = card.id;

let database: TestDatabase;
let store: PostgresEventStore;

/** `work` on a database and event store of its own, dropped after: for a log the shared one must not hold. */
async function onOwnDatabase(work: (other: TestDatabase, otherStore: PostgresEventStore) => Promise<void>): Promise<void> {
  const other = await createPostgresTestDatabase();
  const otherStore = new PostgresEventStore(other.db);
  try {
    await work(other, otherStore);
  } finally {
    await otherStore.close();
    await other.drop();
  }
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  store = new PostgresEventStore(database.db);
  await appendEvents(store, card.streamId, card.events);
  const stockEvents: TcgEvent[] = [
    { type: 'CardDetailsChanged', version: 1, data: { cardId, imageUrl: 'https://img.example/dm.webp', keywords: ['dark magician', 'mago oscuro', 'dm'], at: at(1) } },
    { type: 'PriceSet', version: 1, data: { cardId, salePrice: 3200, offerPrice: 2900, at: at(2) } },
    { type: 'StockReserved', version: 1, data: { cardId, reservationId: 'r1', orderId: 'o1', quantity: 2, at: at(3) } },
    { type: 'StockReserved', version: 1, data: { cardId, reservationId: 'r2', orderId: 'o2', quantity: 1, at: at(3) } },
    { type: 'StockSold', version: 1, data: { cardId, source: 'r1', orderId: 'o1', quantity: 2, at: at(4) } },
    { type: 'StockReleased', version: 1, data: { cardId, reservationId: 'r2', orderId: 'o2', quantity: 1, at: at(5) } },
  ];
  await appendEvents(store, card.streamId, stockEvents);
  const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
  const items = [{ cardId, name: 'Dark Magician', quantity: 2, unitPrice: 2900, reservationId: 'r1' }];
  await appendEvents(store, orderStreamName('o1'), [
    { type: 'OrderPlaced', version: 2, data: { orderId: 'o1', buyer, items, total: 5800, proofKey: 'proofs/o1.webp', proofHash: 'h1', at: at(3) } },
    { type: 'OrderConfirmed', version: 1, data: { orderId: 'o1', at: at(4) } },
  ]);
  await appendEvents(store, orderStreamName('o2'), [
    { type: 'OrderPlaced', version: 2, data: { orderId: 'o2', buyer, items: [{ ...items[0], quantity: 1, reservationId: 'r2' }], total: 2900, proofKey: 'proofs/o2.webp', proofHash: 'h2', at: at(3) } },
    { type: 'OrderCancelled', version: 1, data: { orderId: 'o2', at: at(5) } },
    { type: 'OrderConfirmed', version: 1, data: { orderId: 'o2', at: at(6) } },
  ]);
  // The largest lines the domain allows (100,000 units at S/ 1,000,000.00): a total past 32 bits.
  const largest = [0, 1].map((line) => ({ cardId, name: 'Dark Magician', quantity: 100_000, unitPrice: 100_000_000, reservationId: `r-max-${line}` }));
  await appendEvents(store, orderStreamName('o4'), [
    { type: 'OrderPlaced', version: 2, data: { orderId: 'o4', buyer: { userId: 'u1', sealed: 'v1.sealed' }, items: largest, total: 2 * 100_000 * 100_000_000, proofKey: 'proofs/o4.webp', proofHash: 'h4', at: at(8) } },
  ]);
  // A checkout the sweeper gave up on: never placed, so never shown.
  await appendEvents(store, orderStreamName('o3'), [{ type: 'OrderAbandoned', version: 1, data: { orderId: 'o3', at: at(7) } }]);
  await projectAll(database.db, store);
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

describe('cards projection', () => {
  it('lands every card event on the row, stock from the domain fold', async () => {
    const { rows } = await database.db.query(`SELECT * FROM cards WHERE id = $1`, [cardId]);
    expect(rows[0]).toMatchObject({
      name: 'Dark Magician', default_name: 'Dark Magician', spanish_name: 'Mago Oscuro', image_url: 'https://img.example/dm.webp',
      rarity: 'Ultra Rare', edition: 'Unlimited', set_code: 'SDY-006', set_id: 'SDY', language: 'en',
      keywords: ['dark magician', 'mago oscuro', 'dm'], last_sale_price: 3200, last_offer_price: 2900, price: 2900, stock_final: 3,
    });
    expect(new Date(rows[0].updated_at as string).toISOString()).toBe(at(5));
  });

  it('keeps the search document in step with names and keywords, and only rewrites it when they change', async () => {
    const other = listingEvents({ name: 'Kuriboh', setCode: 'MRD-071', rarity: 'Common', salePrice: 500, stock: 2 });
    await appendEvents(store, other.streamId, other.events);
    await projectAll(database.db, store);
    const searchRow = async () =>
      (await database.db.query<{ name: string; search_text: string; xmin: string }>('SELECT name, search_text, xmin::text FROM card_search WHERE id = $1', [other.id])).rows;
    const listed = await searchRow();
    expect(listed).toEqual([expect.objectContaining({ name: 'Kuriboh' })]);
    await appendEvents(store, other.streamId, [{ type: 'PriceSet', version: 1, data: { cardId: other.id, salePrice: 600, offerPrice: null, at: at(7) } }]);
    await projectAll(database.db, store);
    expect((await searchRow())[0].xmin).toBe(listed[0].xmin);
    await appendEvents(store, other.streamId, [{ type: 'CardDetailsChanged', version: 1, data: { cardId: other.id, keywords: ['kuribō', 'bola peluda'], at: at(8) } }]);
    await projectAll(database.db, store);
    expect((await searchRow())[0].search_text).toContain('bola peluda');
  });

  it('holds any quantity and amount an event may carry, past 32 bits (stored before the domain had limits)', async () => {
    await onOwnDatabase(async (other, otherStore) => {
      const big = listingEvents({ name: 'Jinzo', setCode: 'PSV-000', rarity: 'Secret Rare', salePrice: 5000, stock: 2 });
      await appendEvents(otherStore, big.streamId, big.events);
      await appendEvents(otherStore, big.streamId, [
        { type: 'StockAdded', version: 1, data: { cardId: big.id, quantity: 3_000_000_000, unitCost: 3_000_000_000, at: at(1) } },
        { type: 'PriceSet', version: 1, data: { cardId: big.id, salePrice: 4_000_000_000, offerPrice: 3_500_000_000, at: at(2) } },
        { type: 'StockReserved', version: 1, data: { cardId: big.id, reservationId: 'rb', orderId: 'ob', quantity: 2_500_000_000, at: at(3) } },
      ]);
      const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
      const line = { cardId: big.id, name: 'Jinzo', quantity: 2_500_000_000, unitPrice: 3_500_000_000, reservationId: 'rb' };
      await appendEvents(otherStore, orderStreamName('ob'), [
        { type: 'OrderPlaced', version: 2, data: { orderId: 'ob', buyer, items: [line], total: 1, proofKey: 'p', proofHash: 'hb', at: at(3) } },
      ]);
      await projectAll(other.db, otherStore);
      const { rows } = await other.db.query('SELECT stock_final, last_sale_price, last_offer_price, price FROM cards WHERE id = $1', [big.id]);
      expect(rows).toEqual([{ stock_final: 500_000_002, last_sale_price: 4_000_000_000, last_offer_price: 3_500_000_000, price: 3_500_000_000 }]);
      const movements = await other.db.query('SELECT type, quantity, unit_cost FROM card_movements WHERE card_id = $1 AND quantity > 2 ORDER BY position', [big.id]);
      expect(movements.rows).toEqual([
        { type: 'ingreso', quantity: 3_000_000_000, unit_cost: 3_000_000_000 },
        { type: 'reserva', quantity: 2_500_000_000, unit_cost: null },
      ]);
      const items = await other.db.query('SELECT quantity, unit_price FROM order_items WHERE order_id = $1', ['ob']);
      expect(items.rows).toEqual([{ quantity: 2_500_000_000, unit_price: 3_500_000_000 }]);
      expect(await readCheckpoint(other.db, 'cards')).toMatchObject({ state: 'running' });
    });
  });

  it('keeps the ledger: movements, stock entries and price entries', async () => {
    const { rows: movements } = await database.db.query<{ type: string; quantity: number; source: string | null; reservation_id: string | null; order_id: string | null }>(
      'SELECT type, quantity, source, reservation_id, order_id FROM card_movements WHERE card_id = $1 ORDER BY position', [cardId]);
    expect(movements).toEqual([
      { type: 'ingreso', quantity: 5, source: null, reservation_id: null, order_id: null },
      { type: 'reserva', quantity: 2, source: null, reservation_id: 'r1', order_id: 'o1' },
      { type: 'reserva', quantity: 1, source: null, reservation_id: 'r2', order_id: 'o2' },
      { type: 'venta', quantity: 2, source: 'r1', reservation_id: null, order_id: 'o1' },
      { type: 'anulacion', quantity: 1, source: 'r2', reservation_id: null, order_id: 'o2' },
    ]);
    const stock = computeStock(movements.map((m) => ({ type: m.type as 'ingreso', quantity: m.quantity, timestamp: at(0), source: m.source ?? undefined, reservationId: m.reservation_id ?? undefined })));
    expect(stock).toBe(3);
    const prices = await database.db.query('SELECT sale_price, offer_price FROM card_price_entries WHERE card_id = $1 ORDER BY position', [cardId]);
    expect(prices.rows).toEqual([{ sale_price: 3000, offer_price: null }, { sale_price: 3200, offer_price: 2900 }]);
    const entries = await database.db.query('SELECT quantity, cost_per_unit FROM card_stock_entries WHERE card_id = $1', [cardId]);
    expect(entries.rows).toEqual([{ quantity: 5, cost_per_unit: 100 }]);
  });
});

describe('orders projection', () => {
  // o4's buyer is sealed (OrderPlaced since version 2): kept as sealed, opened when read.
  it('writes orders with their items, follows confirm and cancel, and shows no abandoned order', async () => {
    const { rows } = await database.db.query('SELECT id, user_id, name, email, phone, buyer_sealed, status, total, proof_key, proof_hash FROM orders ORDER BY id');
    expect(rows).toEqual([
      { id: 'o1', user_id: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321', buyer_sealed: null, status: 'confirmado', total: 5800, proof_key: 'proofs/o1.webp', proof_hash: 'h1' },
      { id: 'o2', user_id: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321', buyer_sealed: null, status: 'anulado', total: 2900, proof_key: 'proofs/o2.webp', proof_hash: 'h2' },
      { id: 'o4', user_id: 'u1', name: null, email: null, phone: null, buyer_sealed: 'v1.sealed', status: 'pendiente_confirmación_pago', total: 20_000_000_000_000, proof_key: 'proofs/o4.webp', proof_hash: 'h4' },
    ]);
    const items = await database.db.query("SELECT order_id, line, card_id, name, quantity, unit_price, reservation_id FROM order_items WHERE order_id <> 'o4' ORDER BY order_id, line");
    expect(items.rows).toEqual([
      { order_id: 'o1', line: 0, card_id: cardId, name: 'Dark Magician', quantity: 2, unit_price: 2900, reservation_id: 'r1' },
      { order_id: 'o2', line: 0, card_id: cardId, name: 'Dark Magician', quantity: 1, unit_price: 2900, reservation_id: 'r2' },
    ]);
  });

  // ADR 0007 item 5: a rebuild wrote the name back, until `tcg customer forget` was run again.
  it("writes the buyer of an order in the clear as erased once the customer is forgotten, in a replay and a rebuild", async () => {
    await onOwnDatabase(async (other, otherStore) => {
      const clear = (userId: string, name: string) => ({ userId, name, email: `${userId}@example.pe`, phone: '987654321' });
      const place = (orderId: string, buyer: ReturnType<typeof clear>) =>
        appendEvents(otherStore, orderStreamName(orderId), [
          { type: 'OrderPlaced', version: 2, data: { orderId, buyer, items: [{ cardId, name: 'Dark Magician', quantity: 1, unitPrice: 2900, reservationId: `r-${orderId}` }], total: 2900, proofKey: `proofs/${orderId}.webp`, proofHash: `h-${orderId}`, at: at(3) } },
        ]);
      await place('oa', clear('gone', 'Rosa Huamán'));
      await place('ob', clear('kept', 'Lucía Quispe'));
      await place('oc', clear('gone', 'Rosa Huamán'));
      await other.db.query("INSERT INTO personal_data_keys (user_id, key, forgotten_at) VALUES ('gone', NULL, now()), ('kept', decode(repeat('ab', 32), 'hex'), NULL)");
      const buyers = async () => (await other.db.query('SELECT id, name, email, phone FROM orders ORDER BY id')).rows;
      const erased = { name: ERASED, email: ERASED, phone: ERASED };
      const expected = [
        { id: 'oa', ...erased },
        { id: 'ob', name: 'Lucía Quispe', email: 'kept@example.pe', phone: '987654321' },
        { id: 'oc', ...erased },
      ];
      await projectAll(other.db, otherStore);
      expect(await buyers()).toEqual(expected);
      await replayProjection({ db: other.db, store: otherStore, projection: ordersProjection(), batchSize: 2 });
      expect(await buyers()).toEqual(expected);
      await rebuildProjection({ db: other.db, store: otherStore, projection: ordersProjection() });
      expect(await buyers()).toEqual(expected);
    });
  });
});

describe('checkpoints', () => {
  it('changes nothing when an applied batch is delivered again', async () => {
    const before = await readModelChecksums(database.db);
    const checkpoint = await readCheckpoint(database.db, 'cards');
    const events = await store.readStream(card.streamId);
    const outcome = await applyBatch(database.db, cardsProjection(), { events, checkpoint: events[events.length - 1].position });
    expect(outcome.kind).toBe('skipped');
    expect(await readModelChecksums(database.db)).toEqual(before);
    expect(await readCheckpoint(database.db, 'cards')).toEqual(checkpoint);
  });

  it('halts on an event it cannot apply, records the error and skips nothing after it', async () => {
    const before = await readCheckpoint(database.db, 'cards');
    await store.append(cardStreamName('Ghost_X-1_Rare_Unlimited_en'), [{ type: 'StockAdded', data: { cardId: 'Ghost_X-1_Rare_Unlimited_en', quantity: 1, unitCost: 1, at: at(9) }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
    await appendEvents(store, card.streamId, [{ type: 'StockAdded', version: 1, data: { cardId, quantity: 4, unitCost: 100, at: at(10) } }]);
    await expect(projectAll(database.db, store, [cardsProjection()])).rejects.toThrow(/halted: event StockAdded at position \d+ on card-Ghost/);
    const after = await readCheckpoint(database.db, 'cards');
    expect(after).toMatchObject({ state: 'halted', position: before?.position, lastError: expect.stringMatching(/no CardListed/) });
    const { rows } = await database.db.query<{ stock_final: number }>('SELECT stock_final FROM cards WHERE id = $1', [cardId]);
    expect(rows[0].stock_final).toBe(3);
  });

  it('halts a replay at the first event it cannot apply, though a later one of the batch is the one its fold cannot read', async () => {
    // The log holds the ghost card's StockAdded (no listing before it, the test above) and now, after it, an event that does not read.
    await store.append(cardStreamName('Bogus_X-2_Rare_Unlimited_en'), [{ type: 'StockSold', data: { cardId: 'Bogus_X-2_Rare_Unlimited_en', quantity: 'lots' }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
    await expect(replayProjection({ db: database.db, store, projection: cardsProjection() })).rejects.toThrow(/projection cards halted: event StockAdded at position \d+ on card-Ghost/);
    expect(await readCheckpoint(database.db, 'cards')).toMatchObject({ state: 'halted', lastError: expect.stringMatching(/^event StockAdded at position \d+ on card-Ghost/) });
    // The shop keeps its indexes even though the replay stopped.
    const { rows } = await database.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM projection_deferred_indexes`);
    expect(rows[0].n).toBe(0);
  });

  it.each(['replay', 'projector'] as const)(
    'keeps, at a halt (%s), every event of the batch before the one it cannot apply, and stands just before it',
    async (path) => {
      await onOwnDatabase(async (other, otherStore) => {
        const good = listingEvents({ name: 'Jinzo', setCode: 'PSV-000', rarity: 'Secret Rare', salePrice: 5000, stock: 2 });
        await appendEvents(otherStore, good.streamId, good.events);
        await appendEvents(otherStore, good.streamId, [{ type: 'StockAdded', version: 1, data: { cardId: good.id, quantity: 3, unitCost: 100, at: at(1) } }]);
        const [bad] = await otherStore.append(
          cardStreamName(good.id),
          [{ type: 'StockAdded', data: { cardId: good.id, quantity: 'three', at: at(2) }, metadata: { correlationId: 'c', actor: 'test' } }],
          'any',
        ).then(async () => (await otherStore.readStream(good.streamId)).slice(-1));
        await appendEvents(otherStore, good.streamId, [{ type: 'StockAdded', version: 1, data: { cardId: good.id, quantity: 10, unitCost: 100, at: at(3) } }]);
        const projection = cardsProjection();
        if (path === 'replay') {
          await expect(replayProjection({ db: other.db, store: otherStore, projection })).rejects.toThrow(/halted: event StockAdded at position \d+/);
        } else {
          const events = await otherStore.readStream(good.streamId);
          const outcome = await applyBatch(other.db, projection, { events, checkpoint: events[events.length - 1].position }, { expectedFrom: 0 });
          expect(outcome.kind).toBe('halted');
        }
        expect(await readCheckpoint(other.db, 'cards')).toMatchObject({ state: 'halted', position: bad.position - 1, lastError: expect.stringMatching(/^event StockAdded at position/) });
        const { rows } = await other.db.query<{ stock_final: number }>('SELECT stock_final FROM cards WHERE id = $1', [good.id]);
        expect(rows).toEqual([{ stock_final: 5 }]);
      });
    },
  );

  it('finishes the other projections of a replay when one halts, then reports the halt', async () => {
    await onOwnDatabase(async (other, otherStore) => {
      const good = listingEvents({ name: 'Jinzo', setCode: 'PSV-000', rarity: 'Secret Rare', salePrice: 5000, stock: 2 });
      await appendEvents(otherStore, good.streamId, good.events);
      await otherStore.append(cardStreamName(good.id), [{ type: 'StockAdded', data: { cardId: good.id, quantity: 'three', at: at(2) }, metadata: { correlationId: 'c', actor: 'test' } }], 'any');
      const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
      // Orders after the event cards cannot apply, in later pages of the read (batches of 2).
      for (const orderId of ['p1', 'p2', 'p3', 'p4', 'p5']) {
        await appendEvents(otherStore, orderStreamName(orderId), [
          { type: 'OrderPlaced', version: 2, data: { orderId, buyer, items: [{ cardId: good.id, name: 'Jinzo', quantity: 1, unitPrice: 5000, reservationId: `r-${orderId}` }], total: 5000, proofKey: 'p', proofHash: orderId, at: at(3) } },
        ]);
      }
      await expect(replayProjections({ db: other.db, store: otherStore, projections: createProjections(), batchSize: 2 })).rejects.toThrow(/projection cards halted: event StockAdded/);
      const { rows } = await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(rows[0].n).toBe(5);
      expect(await readCheckpoint(other.db, 'orders')).toMatchObject({ state: 'running', position: await otherStore.head() });
      expect(await readCheckpoint(other.db, 'cards')).toMatchObject({ state: 'halted' });
    });
  });

  it('names where in the log a write the database refused comes from', async () => {
    await onOwnDatabase(async (other, otherStore) => {
      const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
      const placed = (at: string) => ({
        type: 'OrderPlaced' as const,
        version: 2 as const,
        data: { orderId: 'dup', buyer, items: [{ cardId, name: 'Dark Magician', quantity: 1, unitPrice: 100, reservationId: 'r' }], total: 100, proofKey: 'p', proofHash: 'h', at },
      });
      await appendEvents(otherStore, orderStreamName('dup'), [placed(at(1))]);
      await projectAll(other.db, otherStore);
      // The same order placed again, in a later batch: the table's key refuses the row.
      await appendEvents(otherStore, orderStreamName('dup'), [placed(at(2))]);
      await expect(projectAll(other.db, otherStore)).rejects.toThrow(/projection orders halted: event OrderPlaced at position \d+ on order-dup: duplicate key/);
      expect(await readCheckpoint(other.db, 'orders')).toMatchObject({ state: 'halted', lastError: expect.stringMatching(/^event OrderPlaced at position \d+ on order-dup: duplicate key/) });
    });
  });

  it('halts a replay at an order placed a second time in one batch, as the table\'s key does across two', async () => {
    await onOwnDatabase(async (other, otherStore) => {
      const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
      const placed = (orderId: string, total: number) => ({
        type: 'OrderPlaced' as const,
        version: 2 as const,
        data: { orderId, buyer, items: [{ cardId, name: 'Dark Magician', quantity: 1, unitPrice: total, reservationId: `r-${orderId}-${total}` }], total, proofKey: 'p', proofHash: `h${total}`, at: at(1) },
      });
      const first = await appendEvents(otherStore, orderStreamName('dup'), [placed('dup', 100)]);
      await appendEvents(otherStore, orderStreamName('g1'), [placed('g1', 300)]);
      // The same order id placed again on another stream, as only a hand-made event can be.
      const again = await appendEvents(otherStore, orderStreamName('dup-copy'), [placed('dup', 1)]);
      await expect(replayProjection({ db: other.db, store: otherStore, projection: ordersProjection() })).rejects.toThrow(
        `projection orders halted: event OrderPlaced at position ${again} on order-dup-copy: order dup was placed already, at position ${first}`,
      );
      const { rows } = await other.db.query<{ id: string; total: number }>('SELECT id, total FROM orders ORDER BY id');
      expect(rows).toEqual([{ id: 'dup', total: 100 }, { id: 'g1', total: 300 }]);
    });
  });

  it.each(['folded ahead (catch-up)', 'applied (projector)'] as const)(
    'narrows a write the database refused, %s, down to its event: the halt names it and keeps the events before it',
    async (path) => {
      await onOwnDatabase(async (other, otherStore) => {
        const buyer = { userId: 'u1', name: 'Lucía Quispe', email: 'lucia@example.pe', phone: '987654321' };
        const placed = (orderId: string, when: string) => ({
          type: 'OrderPlaced' as const,
          version: 2 as const,
          data: { orderId, buyer, items: [{ cardId, name: 'Dark Magician', quantity: 1, unitPrice: 100, reservationId: `r-${orderId}` }], total: 100, proofKey: 'p', proofHash: orderId, at: when },
        });
        await appendEvents(otherStore, orderStreamName('dup'), [placed('dup', at(1))]);
        await projectAll(other.db, otherStore);
        const start = await otherStore.head();
        // One batch: three good orders, the same order placed again (the table's key refuses it), two more good ones.
        let lastGood = start;
        for (const orderId of ['g1', 'g2', 'g3']) lastGood = await appendEvents(otherStore, orderStreamName(orderId), [placed(orderId, at(2))]);
        const duplicate = await appendEvents(otherStore, orderStreamName('dup'), [placed('dup', at(3))]);
        for (const orderId of ['g4', 'g5']) await appendEvents(otherStore, orderStreamName(orderId), [placed(orderId, at(4))]);
        if (path === 'folded ahead (catch-up)') {
          await expect(projectAll(other.db, otherStore, [ordersProjection()])).rejects.toThrow(
            new RegExp(`projection orders halted: event OrderPlaced at position ${duplicate} on order-dup: duplicate key`),
          );
        } else {
          const events: RecordedEvent[] = [];
          for await (const event of otherStore.readAll(start, 100)) events.push(event);
          const outcome = await applyBatch(other.db, ordersProjection(), { events, checkpoint: events[events.length - 1].position }, { expectedFrom: start });
          expect(outcome).toEqual({ kind: 'halted', error: expect.stringMatching(new RegExp(`^event OrderPlaced at position ${duplicate} on order-dup: duplicate key`)) });
        }
        expect(await readCheckpoint(other.db, 'orders')).toMatchObject({ state: 'halted', position: lastGood });
        const { rows } = await other.db.query<{ id: string }>('SELECT id FROM orders ORDER BY id');
        expect(rows.map((row) => row.id)).toEqual(['dup', 'g1', 'g2', 'g3']);
      });
    },
  );
});
