import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { CSRF } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { loggableUrl } from './request-log';

describe('request log lines', () => {
  let t: TestApp;
  let lines = '';

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    t = await startTestApp({ DEMO_SEED: 'false' }, { logger: pino({ level: 'info' }, sink) });
  });
  afterAll(() => t.close());

  it("keep a proxy's request id, and replace one that is not an id", async () => {
    const kept = await request(t.server).get('/api/auth/me').set('X-Request-Id', 'edge-7f3a9c2e:01').expect(200);
    expect(kept.headers['x-request-id']).toBe('edge-7f3a9c2e:01');
    const forged = `FORGED-${'<script>alert(1)</script>'.repeat(400)}`;
    const replaced = await request(t.server).get('/api/auth/me').set('X-Request-Id', forged).expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).not.toContain('FORGED');
  });

  it('never hold the session cookie, set or sent, nor an OAuth code, yet name method, path and status', async () => {
    const agent = request.agent(t.server);
    const signIn = await agent.post('/api/auth/dev/login').set(CSRF).send({ as: 'admin' }).expect(200);
    const session = String(signIn.headers['set-cookie']).split(';')[0].split('=')[1];
    expect(session.length).toBeGreaterThan(10);
    await agent.get('/api/auth/me').expect(200);
    await request(t.server).get('/api/auth/google/callback?code=4%2F0AQSecretCode&state=Opaque123&scope=email');

    expect(lines).not.toContain(session);
    expect(lines).not.toContain(decodeURIComponent(session));
    expect(lines).not.toMatch(/SecretCode|Opaque123/);
    expect(lines).not.toMatch(/cookie/i);
    const requests = lines.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((line) => line.req);
    expect(requests).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ method: 'GET', url: '/api/auth/me' }), res: { statusCode: 200 } }));
    expect(requests).toContainEqual(
      expect.objectContaining({ req: expect.objectContaining({ url: '/api/auth/google/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&scope=email' }) }),
    );
  });

  it.each([
    ['/api/search?q=dragon&page=2', '/api/search?q=dragon&page=2'],
    ['/api/discord/callback?CODE=x&State=y', '/api/discord/callback?CODE=%5Bredacted%5D&State=%5Bredacted%5D'],
    ['/api/auth/me', '/api/auth/me'],
  ])('keeps %s as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
