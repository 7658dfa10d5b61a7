import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { cardEvents, createTestCard, stockFromEvents } from '../inventory/testing/write-side.fixtures';
import { type TestApp, startTestApp } from '../testing/test-app';
import { demoCards } from './demo-catalogue';
import { demoCardId, DemoSeedService } from './demo-seed.service';

describe('demo seed through the card commands', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists, prices and stocks every demo card as events', async () => {
    for (const card of demoCards) {
      const id = demoCardId(card);
      const types = (await cardEvents(t.app, id)).map((event) => event.type);
      expect(types).toEqual(card.stock > 0 ? ['CardListed', 'PriceSet', 'StockAdded'] : ['CardListed', 'PriceSet']);
      expect(await stockFromEvents(t.app, id)).toBe(card.stock);
    }
  });

  it('finishes a seed that crashed before the content rows without adding the stock twice', async () => {
    const db = t.app.get<Database>(DATABASE);
    // The content rows are written in one transaction: a crash before it leaves none of them.
    await db.exec('DELETE FROM sets; DELETE FROM home_slides; DELETE FROM home_most_wanted');
    expect(await t.app.get(DemoSeedService).seed()).toBe(true);
    expect(await t.app.get(DemoSeedService).seed()).toBe(false);
    const [card] = demoCards;
    expect(await stockFromEvents(t.app, demoCardId(card))).toBe(card.stock);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sets');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});

describe('demo seed on a log with a history of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('seeds nothing when the log begins with events the seed did not write, though no set exists', async () => {
    await createTestCard(t.app, { name: 'Kuriboh', stock: 3, price: 500 });
    expect(await t.app.get(DemoSeedService).seed()).toBe(false);
    const db = t.app.get<Database>(DATABASE);
    const { rows } = await db.query<{ sets: number; events: number }>('SELECT (SELECT count(*)::int FROM sets) AS sets, (SELECT count(*)::int FROM events) AS events');
    expect(rows[0]).toEqual({ sets: 0, events: 3 });
  });
});

describe('demo seed of the embedded shop, after the demo sign-in made its accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' }, { embedded: true });
  });
  afterAll(() => t.close());

  it('seeds an empty log without failing on the demo accounts that exist', async () => {
    const db = t.app.get<Database>(DATABASE);
    await db.query("INSERT INTO users (name, email, phone) VALUES ('Admin Demo', 'admin@demo.tcg.pe', '912345678')");
    expect(await t.app.get(DemoSeedService).seed()).toBe(true);
    const { rows } = await db.query<{ email: string; admin: boolean }>(
      'SELECT u.email, a.user_id IS NOT NULL AS admin FROM users u LEFT JOIN admins a ON a.user_id = u.id ORDER BY u.email',
    );
    expect(rows).toEqual([
      { email: 'admin@demo.tcg.pe', admin: true },
      { email: 'cliente@demo.tcg.pe', admin: false },
    ]);
  });
});
