import type { Database } from '@tcg/projections';
import request from 'supertest';
import { SESSION_STORE } from '../auth/session.middleware';
import type { PgSessionStore } from '../auth/pg-session.store';
import { DATABASE } from '../database/database.module';
import { CSRF } from '../proofs/testing/shop-session.fixtures';
import { PortRegistry } from './port-registry';
import { startTestApp, TestApp } from '../testing/test-app';
import { createTestCard } from '../inventory/testing/write-side.fixtures';
import { ProjectorModule } from '../projector/projector.module';

describe('health and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers liveness without touching the servers', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  // Before: a probe that carried a session cookie had the session read from the database first, so with
  // the database down liveness failed too and readiness lost its report of which port was down.
  it('answers health and readiness without reading the session a cookie names', async () => {
    const signedIn = await request(t.server).post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    const cookie = signedIn.headers['set-cookie'];
    const reads = jest.spyOn(t.app.get<PgSessionStore>(SESSION_STORE), 'get');
    await request(t.server).get('/api/health').set('Cookie', cookie).expect(200);
    await request(t.server).get('/api/ready').set('Cookie', cookie).expect(200);
    expect(reads).not.toHaveBeenCalled();
    await request(t.server).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(reads).toHaveBeenCalled();
    reads.mockRestore();
  });

  it('names the adapter of each port and its state', async () => {
    const res = await request(t.server).get('/api/ready').expect(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.ports).toEqual(
      expect.arrayContaining([expect.objectContaining({ port: 'readModels', adapter: 'postgres', state: 'up' })]),
    );
  });

  // CLI QA: a failed `tcg projections replay search-opensearch` left a checkpoint that made every shop
  // without OpenSearch degraded; it is none of this shop's read models.
  it('stays ready but says degraded, naming a halted projection (not a failed rebuild’s shadow, nor a projection this shop does not run)', async () => {
    const db = t.app.get<Database>(DATABASE);
    const before = await request(t.server).get('/api/ready').expect(200);
    expect(before.body).toMatchObject({ status: 'ready', haltedProjections: [] });
    await db.query(
      `INSERT INTO projection_checkpoints (name, state, last_error) VALUES ('orders', 'halted', 'value out of range'), ('cards__shadow', 'halted', 'x'),
              ('search-opensearch', 'halted', 'y')
       ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state, last_error = EXCLUDED.last_error`,
    );
    try {
      const res = await request(t.server).get('/api/ready').expect(200);
      expect(res.body).toMatchObject({ status: 'degraded', haltedProjections: ['orders'] });
      expect(JSON.stringify(res.body)).not.toContain('out of range');
    } finally {
      await db.query(`UPDATE projection_checkpoints SET state = 'running', last_error = NULL WHERE name = 'orders'`);
      await db.query(`DELETE FROM projection_checkpoints WHERE name IN ('cards__shadow', 'search-opensearch')`);
    }
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await request(t.server).get('/api/no-such-thing').expect(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('reports 503 naming the port that stops answering', async () => {
    t.app.get(PortRegistry).register({
      port: 'search',
      adapter: 'broken-for-test',
      check: () => Promise.reject(new Error('connection refused')),
    });
    const res = await request(t.server).get('/api/ready').expect(503);
    expect(res.body.ports).toEqual(expect.arrayContaining([{ port: 'search', adapter: 'broken-for-test', state: 'down', latencyMs: expect.any(Number) }]));
    // Why it is down stays in the log: the route is public.
    expect(JSON.stringify(res.body)).not.toContain('connection refused');
  });
});

describe('readiness when no projector applies the log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('stays ready but says degraded, naming the projections whose oldest unapplied event is over a minute old', async () => {
    await createTestCard(t.app, { name: 'Kuriboh', stock: 1, price: 100 });
    // The projector stops (as when no projector process runs), then a stock add is written.
    await t.app.get(ProjectorModule).beforeApplicationShutdown();
    await createTestCard(t.app, { name: 'Jinzo', stock: 2, price: 500 });
    expect((await request(t.server).get('/api/ready').expect(200)).body).toMatchObject({ status: 'ready', stalledProjections: [] });
    // A minute later, still nothing applied it.
    const db = t.app.get<Database>(DATABASE);
    await db.query(`UPDATE events SET created_at = created_at - interval '2 minutes' WHERE position > (SELECT position FROM projection_checkpoints WHERE name = 'cards')`);
    // And a checkpoint a failed `replay search-opensearch` left at 0, in a shop without OpenSearch.
    await db.query(`INSERT INTO projection_checkpoints (name, position) VALUES ('search-opensearch', 0)`);
    const res = await request(t.server).get('/api/ready').expect(200);
    expect(res.body).toMatchObject({ status: 'degraded', haltedProjections: [] });
    expect(res.body.stalledProjections).toContain('cards');
    expect(res.body.stalledProjections).not.toContain('search-opensearch');
  });
});

describe('a projector process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ROLE: 'projector', DEMO_SEED: 'false' });
  });
  afterAll(() => t.close());

  it('answers its health checks and nothing of the shop', async () => {
    await request(t.server).get('/api/health').expect(200);
    await request(t.server).get('/api/ready').expect(200);
    const shop = await request(t.server).get('/api/cards').expect(404);
    expect(shop.body).toMatchObject({ statusCode: 404, code: 'not_found' });
    await request(t.server).post('/api/auth/dev/login').send({ as: 'admin' }).expect(404);
    await request(t.server).get('/').expect(404);
  });
});
