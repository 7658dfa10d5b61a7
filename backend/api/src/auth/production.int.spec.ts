import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { startTestApp, TestApp } from '../testing/test-app';

const production = {
  NODE_ENV: 'production',
  DEMO_SEED: 'false',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  GOOGLE_CLIENT_ID: 'client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  PUBLIC_URL: 'https://tienda.example',
};

describe('auth under the production configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(production);
  });
  afterAll(() => t.close());

  it('has no dev sign-in', async () => {
    await request(t.server).get('/api/auth/config').expect(200, { devLogin: false, google: true });
    const res = await request(t.server).post('/api/auth/dev/login').set('X-Requested-With', 'tcg').send({ as: 'admin' }).expect(404);
    expect(res.body.code).toBe('not_found');
  });

  it('marks the session cookie Secure behind the TLS proxy and sends the shopper to Google', async () => {
    const res = await request(t.server).get('/api/auth/google?returnTo=/cart').set('X-Forwarded-Proto', 'https').expect(302);
    const toGoogle = new URL(res.headers.location);
    expect(toGoogle.origin + toGoogle.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(toGoogle.searchParams.get('redirect_uri')).toBe('https://tienda.example/api/auth/google/callback');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('tcg.sid='))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });

  it('asks browsers to upgrade insecure requests', async () => {
    const res = await request(t.server).get('/api/health').expect(200);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe('DEV_LOGIN=false outside production', () => {
  it('refuses the dev sign-in', async () => {
    const t = await startTestApp({ DEV_LOGIN: 'false', DEMO_SEED: 'false' });
    try {
      await request(t.server).post('/api/auth/dev/login').set('X-Requested-With', 'tcg').send({ as: 'customer' }).expect(404);
    } finally {
      await t.close();
    }
  });
});

it('stops the shop at start-up with one line when DEV_LOGIN=true under production', () => {
  const run = spawnSync(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: { PATH: process.env.PATH ?? '', SWC_NODE_PROJECT: 'tsconfig.spec.json', ...production, DEV_LOGIN: 'true' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(`${run.stdout}${run.stderr}`.trim().split('\n')).toEqual([
    'Invalid configuration: DEV_LOGIN must not be true when NODE_ENV=production (got "true")',
  ]);
}, 60_000);
