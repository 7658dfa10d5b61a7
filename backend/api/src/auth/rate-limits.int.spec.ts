import request from 'supertest';
import { UPLOADS_PER_MINUTE } from '../proofs/proofs.controller';
import { proofMessages } from '../proofs/proofs.messages';
import { CSRF, pngImage } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { emptyTestRedis, testRedisUrl } from '../testing/test-redis';

jest.setTimeout(60_000);

const REDIS_URL = testRedisUrl(13);

describe('rate limits with REDIS_URL, across two API processes (real PostgreSQL and Redis)', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    const shared = { DEMO_SEED: 'false', REDIS_URL, SESSION_SECRET: 'a-secret-both-api-processes-share-0123456789' };
    first = await startTestApp({ ...shared, ROLE: 'all' });
    second = await startTestApp({ ...shared, ROLE: 'api', DATABASE_URL: first.config.databaseUrl! });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await emptyTestRedis(REDIS_URL);
  });

  it(`allows a shopper ${UPLOADS_PER_MINUTE} proof uploads a minute in all, whichever process answers`, async () => {
    const signedIn = await request(first.server).post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    const cookie = signedIn.headers['set-cookie'];
    const image = await pngImage();
    const upload = (t: TestApp) => request(t.server).post('/api/proofs').set(CSRF).set('Cookie', cookie).attach('file', image, { filename: 'pago.png', contentType: 'image/png' });
    for (let i = 0; i < UPLOADS_PER_MINUTE; i++) await upload(i % 2 ? second : first).expect(201);
    const refused = await upload(second).expect(429);
    expect(refused.body).toMatchObject({ code: 'too_many_requests', message: proofMessages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await upload(first).expect(429);
  });
});
