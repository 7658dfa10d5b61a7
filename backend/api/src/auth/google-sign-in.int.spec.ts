import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import type { Database } from '@tcg/projections';
import { TestBrowser } from '../../test/support/browser';
import { LocalOidcProvider, startLocalOidcProvider } from '../../test/support/local-oidc-provider';
import { DATABASE } from '../database/database.module';
import type { MeResponse } from './auth.controller';
import { SESSION_MAX_AGE_MS, SIGN_IN_WINDOW_MS, SIGN_INS_PER_MINUTE } from './session';
import { startTestApp, TestApp } from '../testing/test-app';
import { createLogger } from '../logging/logger';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const accounts = {
  'google-sub-ana': { email: 'ana.torres@example.pe', name: 'Ana Torres', given_name: 'Ana', family_name: 'Torres' },
  // Another provider account claiming Ana's address, written with blanks and capitals.
  'google-sub-other': { email: ' Ana.Torres@example.pe ', name: 'Otra Persona' },
  // Addresses of rows made without Google: a shopper's from before Google was wired, and an admin's (the demo seed's).
  'google-sub-legacy': { email: 'legacy@example.pe', name: 'Cliente Antiguo' },
  'google-sub-admin-address': { email: 'jefa.sin.google@example.pe', name: 'Quien Sea' },
};

describe('Google sign-in through the real strategy against a local OpenID provider', () => {
  let provider: LocalOidcProvider;
  let t: TestApp;
  let shop: string;
  let db: Database;
  let warnings = '';

  beforeAll(async () => {
    const port = await freePort();
    shop = `http://127.0.0.1:${port}`;
    provider = await startLocalOidcProvider(shop, accounts);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings += chunk.toString();
        done();
      },
    });
    t = await startTestApp({ PUBLIC_URL: shop, DEMO_SEED: 'false', ...provider.env }, { logger: createLogger('warn', sink) });
    await t.app.listen(port, '127.0.0.1');
    db = t.app.get(DATABASE);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });

  /** Starts at the shop, logs in at the provider's interaction endpoint, and stops when back on a page of the shop. */
  async function signIn(browser: TestBrowser, returnTo: string, sub = 'google-sub-ana') {
    const backOnShop = (url: URL) => url.origin === shop && !url.pathname.startsWith('/api/');
    const start = await browser.follow(
      `${shop}/api/auth/google?returnTo=${encodeURIComponent(returnTo)}`,
      {},
      (url) => url.pathname.startsWith('/interaction/'),
    );
    const toProvider = start.hops[0];
    expect(toProvider.status).toBe(302);
    expect(toProvider.location).toMatch(new RegExp(`^${provider.issuer}/auth\\?`));
    const interaction = new URL(start.hops.at(-1)!.location!, provider.issuer).toString();
    const done = await browser.follow(
      interaction,
      { method: 'POST', body: `login=${sub}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      backOnShop,
    );
    return done.hops;
  }

  async function me(browser: TestBrowser): Promise<MeResponse> {
    return (await (await browser.fetch(`${shop}/api/auth/me`)).json()) as MeResponse;
  }

  it('creates the user on first sign-in and returns to the page the shopper came from', async () => {
    const browser = new TestBrowser();
    const hops = await signIn(browser, '/product/abc?lang=es');
    expect(hops.some((hop) => hop.url.startsWith(`${shop}/api/auth/google/callback?code=`))).toBe(true);
    expect(hops.at(-1)).toMatchObject({ status: 303, location: '/product/abc?lang=es' });
    expect(await me(browser)).toEqual({
      user: { id: expect.any(String), name: 'Ana Torres', firstName: 'Ana', email: 'ana.torres@example.pe', phone: null },
      isAdmin: false,
    });
    const { rows } = await db.query<{ google_sub: string }>('SELECT google_sub FROM users');
    expect(rows).toEqual([{ google_sub: 'google-sub-ana' }]);
  });

  it('reuses the same user on a second sign-in', async () => {
    const first = new TestBrowser();
    await signIn(first, '/');
    const second = new TestBrowser();
    await signIn(second, '/cart');
    const [a, b] = [await me(first), await me(second)];
    expect(b.user?.id).toBe(a.user?.id);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(rows[0].n).toBe(1);
  });

  it("refuses a second provider account with an address that is another account's, whatever its blanks and capitals", async () => {
    await signIn(new TestBrowser(), '/');
    const browser = new TestBrowser();
    const hops = await signIn(browser, '/', 'google-sub-other');
    expect(hops.at(-1)).toMatchObject({ status: 303, location: '/login?error=google' });
    expect(await me(browser)).toEqual({ user: null, isAdmin: false });
    const { rows } = await db.query<{ email: string }>('SELECT email FROM users');
    expect(rows).toEqual([{ email: 'ana.torres@example.pe' }]);
  });

  // Security review: the demo seed's admin has no Google identity, so a Google account with its address took it, admin role included.
  it("links a row made without Google to the Google account of its address, unless the row is an admin's", async () => {
    const made = async (email: string) => (await db.query<{ id: string }>("INSERT INTO users (name, email) VALUES ('Sin Google', $1) RETURNING id", [email])).rows[0].id;
    const legacy = await made('legacy@example.pe');
    const admin = await made('jefa.sin.google@example.pe');
    await db.query("INSERT INTO admins (user_id, role) VALUES ($1, 'admin')", [admin]);

    const shopper = new TestBrowser();
    expect((await signIn(shopper, '/', 'google-sub-legacy')).at(-1)).toMatchObject({ status: 303, location: '/' });
    expect(await me(shopper)).toMatchObject({ user: { id: legacy, email: 'legacy@example.pe' }, isAdmin: false });

    const intruder = new TestBrowser();
    expect((await signIn(intruder, '/', 'google-sub-admin-address')).at(-1)).toMatchObject({ status: 303, location: '/login?error=google' });
    expect(await me(intruder)).toEqual({ user: null, isAdmin: false });
    const { rows } = await db.query('SELECT google_sub FROM users WHERE id = $1', [admin]);
    expect(rows).toEqual([{ google_sub: null }]);
  });

  it('sends the state and PKCE challenge to the provider', async () => {
    const browser = new TestBrowser();
    const res = await browser.fetch(`${shop}/api/auth/google`);
    const authorize = new URL(res.headers.get('location') ?? '');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${shop}/api/auth/google/callback`);
    expect(authorize.searchParams.get('state')).toEqual(expect.any(String));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it.each(['//evil.example/steal', 'https://evil.example/', '/\\evil.example', '/api/auth/logout', 'javascript:alert(1)'])(
    'refuses to send the shopper off the shop for returnTo=%s',
    async (returnTo) => {
      const hops = await signIn(new TestBrowser(), returnTo);
      expect(hops.at(-1)).toMatchObject({ status: 303, location: '/' });
    },
  );

  it('keeps the session across requests in an httpOnly SameSite=Lax cookie, and ends it on logout', async () => {
    const browser = new TestBrowser();
    await signIn(browser, '/account/history');
    const host = new URL(shop).hostname;
    const attributes = browser.cookieAttributes(host, 'tcg.sid');
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/api']));
    expect(attributes).not.toContain('secure');
    const cookie = browser.cookie(host, 'tcg.sid')!;
    expect((await me(browser)).user?.email).toBe('ana.torres@example.pe');
    expect((await me(browser)).user?.email).toBe('ana.torres@example.pe');

    const logout = await browser.fetch(`${shop}/api/auth/logout`, { method: 'POST', headers: { 'X-Requested-With': 'tcg', Origin: shop } });
    expect(logout.status).toBe(200);
    expect(await me(browser)).toEqual({ user: null, isAdmin: false });
    const replay = await fetch(`${shop}/api/auth/me`, { headers: { cookie: `tcg.sid=${cookie}` } });
    expect(await replay.json()).toEqual({ user: null, isAdmin: false });
  });

  it('lands on the sign-in page when the provider answers with an error or a forged state', async () => {
    const browser = new TestBrowser();
    const denied = await browser.fetch(`${shop}/api/auth/google/callback?error=access_denied`);
    expect(denied.headers.get('location')).toBe('/login?error=google');
    const forged = await browser.fetch(`${shop}/api/auth/google/callback?code=abc&state=forged`);
    expect(forged.headers.get('location')).toBe('/login?error=google');
    expect(await me(browser)).toEqual({ user: null, isAdmin: false });
  });

  // Before: the provider's words (which may carry a token) under a passport stack trace (privacy QA).
  it('logs a failed sign-in on one line: the kind of failure and its code, not what the provider wrote', async () => {
    warnings = '';
    const browser = new TestBrowser();
    const failed = await browser.fetch(`${shop}/api/auth/google/callback?error=server_error&error_description=internal+error+token%3Dya29.SECRET`);
    expect(failed.headers.get('location')).toBe('/login?error=google');
    const logged = warnings.split('\n').filter(Boolean).map((line) => JSON.parse(line)).filter((line) => line.msg === 'Google sign-in failed');
    expect(logged).toEqual([expect.objectContaining({ reason: 'AuthorizationError', code: 'server_error', req: expect.objectContaining({ id: failed.headers.get('x-request-id') }) })]);
    expect(warnings).not.toContain('ya29');
    expect(warnings).not.toContain('stack');
  });

  it('keeps an unfinished sign-in for 15 minutes, and gives the signed-in session the full two weeks', async () => {
    const ttlOfNewestSession = async () =>
      (await db.query<{ ttl: number }>('SELECT (extract(epoch FROM expires_at - now()) * 1000)::float8 AS ttl FROM sessions ORDER BY expires_at DESC LIMIT 1')).rows[0].ttl;
    await db.query('DELETE FROM sessions');
    await new TestBrowser().fetch(`${shop}/api/auth/google`);
    const started = await ttlOfNewestSession();
    expect(started).toBeGreaterThan(SIGN_IN_WINDOW_MS - 60_000);
    expect(started).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS);
    await signIn(new TestBrowser(), '/');
    expect(await ttlOfNewestSession()).toBeGreaterThan(SESSION_MAX_AGE_MS - 60_000);
  });

  // Last: it spends this address's sign-ins for the minute.
  it('limits sign-in starts and callbacks per client address, landing on the sign-in page that says so, on its way back', async () => {
    /** Every answer up to the first that is not `allowed`, past the limit at most. */
    const untilRefused = async (url: string, allowed: (res: Response) => boolean) => {
      const answers: Response[] = [];
      for (let attempt = 0; attempt <= SIGN_INS_PER_MINUTE; attempt++) {
        answers.push(await fetch(url, { redirect: 'manual' }));
        if (!allowed(answers.at(-1)!)) break;
      }
      return { allowed: answers.length - 1, refused: answers.at(-1)! };
    };
    const starts = await untilRefused(`${shop}/api/auth/google?returnTo=%2Fcart`, (res) => res.status === 302);
    expect(starts.allowed).toBeLessThanOrEqual(SIGN_INS_PER_MINUTE);
    expect([starts.refused.status, starts.refused.headers.get('location')]).toEqual([303, '/login?error=limit&returnTo=%2Fcart']);
    // A forged callback fails as such until the address is over the callback's own limit.
    const callbacks = await untilRefused(`${shop}/api/auth/google/callback?code=abc&state=xyz`, (res) => res.headers.get('location') === '/login?error=google');
    expect(callbacks.allowed).toBeLessThanOrEqual(SIGN_INS_PER_MINUTE);
    expect([callbacks.refused.status, callbacks.refused.headers.get('location')]).toEqual([303, '/login?error=limit']);
  });
});
