import { CARDS_PROJECTION, type Database, type EventStore, ProjectionWaiter } from '@tcg/projections';
import { EVENT_STORE } from '../event-store/event-store.module';
import request from 'supertest';
import { DATABASE } from '../database/database.module';
import { demoCards, demoSets } from '../seed/demo-catalogue';
import { DemoSeedService } from '../seed/demo-seed.service';
import { startTestApp, TestApp } from '../testing/test-app';

const newestFirst = [...demoSets].sort((a, b) => b.releaseDate.localeCompare(a.releaseDate));

describe('catalog on the demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('serves home with visible slides in order, Most Wanted and the latest sets newest first', async () => {
    const res = await request(t.server).get('/api/home').expect(200);
    expect(res.body.latestSets.map((s: { id: string }) => s.id)).toEqual(newestFirst.map((s) => s.id));
    expect(res.body.slides.map((s: { order: number }) => s.order)).toEqual([0, 1]);
    expect(res.body.mostWanted.length).toBeGreaterThan(0);
    expect(res.body.mostWanted.length).toBeLessThanOrEqual(16);
    expect(res.body.mostWanted[0].link).toMatch(/^\/product\//);
  });

  it('hides slides that are not visible', async () => {
    const db = t.app.get<Database>(DATABASE);
    await db.query(`UPDATE home_slides SET visible = false WHERE "order" = 0`);
    const res = await request(t.server).get('/api/home').expect(200);
    expect(res.body.slides.map((s: { order: number }) => s.order)).toEqual([1]);
    await db.query(`UPDATE home_slides SET visible = true`);
  });

  it('lists at most 10 sets for the menu, newest first', async () => {
    const res = await request(t.server).get('/api/sets/latest').expect(200);
    expect(res.body.sets[0]).toEqual({ id: newestFirst[0].id, name: newestFirst[0].name, releaseDate: newestFirst[0].releaseDate, imageUrl: expect.any(String) });
    expect(res.body.sets).toHaveLength(Math.min(10, demoSets.length));
  });

  it('seeds once: a second run on a non-empty database writes nothing', async () => {
    const db = t.app.get<Database>(DATABASE);
    expect(await t.app.get(DemoSeedService).seed()).toBe(false);
    // The cards come from the projector, which may still be applying the first seed's events.
    const head = await t.app.get<EventStore>(EVENT_STORE).head();
    expect(await t.app.get(ProjectionWaiter).waitFor(head, 10_000, [CARDS_PROJECTION])).toBe(true);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM cards');
    expect(rows[0].n).toBe(demoCards.length);
  });

  it('draws placeholder pictures as SVG and refuses unknown kinds', async () => {
    const res = await request(t.server)
      .get('/api/images/placeholder/card/Dark%20Magician.svg')
      .buffer(true)
      .parse((stream, done) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => done(null, text));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.body).toContain('Dark Magician');
    await request(t.server).get('/api/images/placeholder/poster/x.svg').expect(404);
  });
});
