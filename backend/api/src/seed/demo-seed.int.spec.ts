import type { Database } from '@tcg/projections';
import { DATABASE } from '../database/database.module';
import { cardEvents, stockFromEvents } from '../inventory/testing/write-side.fixtures';
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
    await db.query('DELETE FROM sets');
    expect(await t.app.get(DemoSeedService).seed()).toBe(true);
    expect(await t.app.get(DemoSeedService).seed()).toBe(false);
    const [card] = demoCards;
    expect(await stockFromEvents(t.app, demoCardId(card))).toBe(card.stock);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sets');
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
