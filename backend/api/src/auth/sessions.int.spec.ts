import { messages } from '@tcg/domain';
import type { Database } from '@tcg/projections';
import request from 'supertest';
import { DATABASE } from '../database/database.module';
import { DEMO_USERS } from '../seed/demo-seed.service';
import { startTestApp, TestApp } from '../testing/test-app';

const CSRF = { 'X-Requested-With': 'tcg' };

describe('sessions, dev sign-in and CSRF', () => {
  let t: TestApp;
  let db: Database;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false', PUBLIC_URL: 'https://tienda.example' });
    db = t.app.get(DATABASE);
  });
  afterAll(() => t.close());

  async function signedIn(as: 'customer' | 'admin') {
    const agent = request.agent(t.server);
    await agent.post('/api/auth/dev/login').set(CSRF).send({ as }).expect(200);
    return agent;
  }

  it('says what the sign-in page may offer', async () => {
    await request(t.server).get('/api/auth/config').expect(200, { devLogin: true, google: false });
    // The browser follows the sign-in link: the sign-in page says Google is not available.
    await request(t.server).get('/api/auth/google').expect(303).expect('location', '/login?error=unavailable');
  });

  it('answers signed out without a session and sets no cookie for visitors', async () => {
    const res = await request(t.server).get('/api/auth/me').expect(200, { user: null, isAdmin: false });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs a demo customer in with an httpOnly, SameSite=Lax session cookie that is not Secure outside production', async () => {
    const res = await request(t.server).post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    expect(res.body).toEqual({
      user: { id: expect.any(String), name: DEMO_USERS.customer.name, firstName: 'Lucía', email: DEMO_USERS.customer.email, phone: DEMO_USERS.customer.phone },
      isAdmin: false,
    });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('tcg.sid='))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('keeps the session across requests, rolling its expiry, until logout destroys it', async () => {
    const agent = await signedIn('customer');
    const first = await agent.get('/api/auth/me').expect(200);
    expect(first.body.user.email).toBe(DEMO_USERS.customer.email);
    expect(first.headers['set-cookie']?.[0]).toMatch(/^tcg\.sid=.*Expires=/);
    const { rows: before } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');

    await agent.post('/api/auth/logout').set(CSRF).expect(200, { user: null, isAdmin: false });
    await agent.get('/api/auth/me').expect(200, { user: null, isAdmin: false });
    const { rows: after } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect(after[0].n).toBe(before[0].n - 1);
  });

  it('refuses a dev sign-in for an unknown role', async () => {
    const res = await request(t.server).post('/api/auth/dev/login').set(CSRF).send({ as: 'root' }).expect(400);
    expect(res.body.code).toBe('bad_request');
  });

  describe('CSRF', () => {
    it('refuses a state-changing request without the header, and leaves the session alone', async () => {
      const agent = await signedIn('customer');
      const res = await agent.post('/api/auth/logout').expect(403);
      expect(res.body).toMatchObject({ statusCode: 403, code: 'csrf_refused' });
      expect((await agent.get('/api/auth/me')).body.user).not.toBeNull();
      await agent.patch('/api/auth/me/phone').send({ phone: '999888777' }).expect(403);
    });

    it('refuses a foreign Origin or a cross-site fetch even with the header', async () => {
      await request(t.server).post('/api/auth/dev/login').set(CSRF).set('Origin', 'https://evil.example').send({ as: 'customer' }).expect(403);
      await request(t.server).post('/api/auth/dev/login').set(CSRF).set('Origin', 'null').send({ as: 'customer' }).expect(403);
      await request(t.server).post('/api/auth/dev/login').set(CSRF).set('Sec-Fetch-Site', 'cross-site').send({ as: 'customer' }).expect(403);
      await request(t.server).post('/api/auth/dev/login').set({ 'X-Requested-With': 'XMLHttpRequest' }).send({ as: 'customer' }).expect(403);
    });

    it('accepts the public origin and the request’s own host', async () => {
      await request(t.server).post('/api/auth/dev/login').set(CSRF).set('Origin', 'https://tienda.example').send({ as: 'customer' }).expect(200);
      const own = request(t.server).post('/api/auth/dev/login').set(CSRF).set('Host', 'localhost:5173');
      await own.set('Origin', 'http://localhost:5173').send({ as: 'customer' }).expect(200);
    });

    // Security QA: a page whose name was made to resolve to this machine (DNS rebinding) signed in as the demo admin.
    it('signs a demo account in only for a request that names the shop by its own name', async () => {
      const rebound = request(t.server).post('/api/auth/dev/login').set(CSRF).set('Host', 'evil.example:4711');
      const res = await rebound.set('Origin', 'http://evil.example:4711').send({ as: 'admin' }).expect(403);
      expect(res.body).toMatchObject({ code: 'csrf_refused' });
      expect(res.headers['set-cookie']).toBeUndefined();
      for (const host of ['127.0.0.1:4711', '[::1]:4711', 'tienda.localhost', 'tienda.example']) {
        await request(t.server).post('/api/auth/dev/login').set(CSRF).set('Host', host).send({ as: 'customer' }).expect(200);
      }
    });

    it('lets reads through without the header', async () => {
      await request(t.server).get('/api/auth/me').expect(200);
    });
  });

  it('reads the admin flag from the admins table on every /me', async () => {
    const agent = await signedIn('admin');
    const { body } = await agent.get('/api/auth/me').expect(200);
    expect(body.isAdmin).toBe(true);
    await db.query('DELETE FROM admins WHERE user_id = $1', [body.user.id]);
    await agent.get('/api/auth/me').expect(200).expect((res) => expect(res.body.isAdmin).toBe(false));
    await db.query(`INSERT INTO admins (user_id, role) VALUES ($1, 'editor')`, [body.user.id]);
    await agent.get('/api/auth/me').expect((res) => expect(res.body.isAdmin).toBe(false));
    await db.query(`UPDATE admins SET role = 'admin' WHERE user_id = $1`, [body.user.id]);
    await agent.get('/api/auth/me').expect((res) => expect(res.body.isAdmin).toBe(true));
  });

  describe('PATCH /api/auth/me/phone', () => {
    it('needs a signed-in user', async () => {
      const res = await request(t.server).patch('/api/auth/me/phone').set(CSRF).send({ phone: '987654321' }).expect(401);
      expect(res.body).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/^Debes iniciar sesión/) });
    });

    it.each(['12345678', '1234567890', '98765432a', '', 987654321])('refuses %j with the checkout message', async (phone) => {
      const agent = await signedIn('customer');
      const res = await agent.patch('/api/auth/me/phone').set(CSRF).send({ phone }).expect(400);
      expect(res.body).toMatchObject({ code: 'invalid_phone', message: messages.checkout.phoneDigits });
    });

    it('stores nine digits on the account', async () => {
      const agent = await signedIn('customer');
      const res = await agent.patch('/api/auth/me/phone').set(CSRF).send({ phone: ' 912000111 ' }).expect(200);
      expect(res.body.user.phone).toBe('912000111');
      expect((await agent.get('/api/auth/me')).body.user.phone).toBe('912000111');
    });
  });

  it('sends helmet headers with a CSP that admits only the shop, and a generous rate limit', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/);
    expect(Number(res.headers['x-ratelimit-limit'])).toBeGreaterThanOrEqual(600);
  });
});
