import type { Database } from '@tcg/projections';
import { Writable } from 'node:stream';
import request from 'supertest';
import { DATABASE } from '../database/database.module';
import { CSRF } from '../proofs/testing/shop-session.fixtures';
import { startTestApp, type TestApp } from '../testing/test-app';
import { createLogger, errorForLog } from './logger';
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
    t = await startTestApp({ DEMO_SEED: 'false' }, { logger: createLogger('info', sink) });
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

  // Before: PostgreSQL's 'Failing row contains (…)' put a customer's Google id, name, e-mail and phone in the log (privacy QA).
  it("never hold the rows and values a database error quotes, yet name the error", async () => {
    const db = t.app.get<Database>(DATABASE);
    await db.query(`ALTER TABLE users ADD CONSTRAINT refuses_this_phone CHECK (phone IS DISTINCT FROM '900000001')`);
    try {
      const agent = request.agent(t.server);
      await agent.post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
      const me = await agent.get('/api/auth/me').expect(200);
      const refused = await agent.patch('/api/auth/me/phone').set(CSRF).send({ phone: '900000001' }).expect(500);

      // Two lines share the request's id: the error with its cause, and the request line without a stand-in error.
      const logged = lines.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((line) => line.req?.id === refused.headers['x-request-id']);
      expect(logged.map((line) => line.msg)).toEqual(['unhandled error', 'request errored']);
      const [failure, requestLine] = logged;
      expect(failure.err.message).toContain('refuses_this_phone');
      expect(failure.err.detail).toBeUndefined();
      expect(requestLine).toMatchObject({ res: { statusCode: 500 } });
      expect(requestLine.err).toBeUndefined();
      expect(lines).not.toContain('900000001');
      expect(lines).not.toContain(me.body.user.email);
      expect(lines).not.toContain('Failing row');
    } finally {
      await db.query('ALTER TABLE users DROP CONSTRAINT refuses_this_phone');
    }
  });

  it("drop an OAuth provider's reply and what a unique key's refusal quotes", () => {
    const reply = Object.assign(new Error('Failed to fetch user profile'), { oauthError: { statusCode: 500, data: 'internal error token=ya29.SECRET' } });
    const duplicate = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { detail: 'Key (email)=(ana@example.pe) already exists.', code: '23505' });
    expect(JSON.stringify(errorForLog(reply))).not.toContain('ya29');
    expect(errorForLog(reply)).toMatchObject({ message: 'Failed to fetch user profile', oauthError: { statusCode: 500 } });
    expect(JSON.stringify(errorForLog(duplicate))).not.toContain('ana@example.pe');
    expect(errorForLog(duplicate)).toMatchObject({ code: '23505', message: expect.stringContaining('users_email_key') });
  });

  it('cut a URL past 512 characters, so a client cannot grow the log by kilobytes a request', () => {
    const logged = loggableUrl(`/api/search?q=${'a'.repeat(3000)}&code=secret`);
    expect(logged).toBe(`/api/search?q=${'a'.repeat(512 - '/api/search?q='.length)}…`);
    expect(loggableUrl(`/api/${'b'.repeat(600)}`)).toHaveLength(513);
  });

  it.each([
    ['/api/search?q=dragon&page=2', '/api/search?q=dragon&page=2'],
    ['/api/discord/callback?CODE=x&State=y', '/api/discord/callback?CODE=%5Bredacted%5D&State=%5Bredacted%5D'],
    ['/api/auth/me', '/api/auth/me'],
    ['/api/auth/google/callback?error=server_error&error_description=Juan+Perez', '/api/auth/google/callback?error=server_error&error_description=%5Bredacted%5D'],
  ])('keeps %s as %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
