import type { Database } from '@tcg/projections';
import request from 'supertest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../auth';
import { DATABASE } from '../database/database.module';
import { startTestApp, TestApp } from '../testing/test-app';
import { DiscordStandIn, StandInProfile, startDiscordStandIn } from './testing/discord-stand-in';

const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
const SHOP = 'https://tienda.example';
const SUCCESS = '/account/sync?discord=success';
const ERROR = '/account/sync?discord=error';

const lucia: StandInProfile = { id: '80351110224678912', username: 'lucia.duelos', global_name: 'Lucía', avatar: 'a_8342729096ea3675442027381ff50dfe', discriminator: '0' };
const pedro: StandInProfile = { id: '41771983423143937', username: 'pedro_tcg', global_name: null, avatar: null, discriminator: '0' };

type Agent = ReturnType<typeof request.agent>;

describe('Discord link through the OAuth2 code flow against a local stand-in', () => {
  let t: TestApp;
  let db: Database;
  let discord: DiscordStandIn;

  beforeAll(async () => {
    discord = await startDiscordStandIn(lucia);
    t = await startTestApp({ DEMO_SEED: 'false', PUBLIC_URL: SHOP, ...discord.env });
    db = t.app.get(DATABASE);
  });
  afterAll(async () => {
    await t?.close();
    await discord?.stop();
  });
  beforeEach(async () => {
    discord.approvingAs = lucia;
    discord.tokenFailure = undefined;
    discord.tokenRedirect = undefined;
    await db.query('DELETE FROM discord_links');
  });

  async function signedIn(as: 'customer' | 'admin'): Promise<Agent> {
    const agent = request.agent(t.server);
    await agent.post('/api/auth/dev/login').set(CSRF).send({ as }).expect(200);
    return agent;
  }

  /** Starts at the shop and lets the stand-in approve; returns the callback URL Discord sends the browser to. */
  async function approvedCallback(agent: Agent): Promise<URL> {
    const start = await agent.get('/api/auth/discord/start').expect(302);
    const authorize = await fetch(start.headers.location, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    return new URL(authorize.headers.get('location')!);
  }

  async function callback(agent: Agent, url: URL) {
    return agent.get(`${url.pathname}${url.search}`).expect(303);
  }

  async function linkRows() {
    return (await db.query<{ user_id: string; discord_id: string }>('SELECT user_id, discord_id FROM discord_links')).rows;
  }

  it('links the account, shows it to its owner and disconnects it', async () => {
    const agent = await signedIn('customer');
    const start = await agent.get('/api/auth/discord/start').expect(302);
    const authorize = new URL(start.headers.location);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(discord.env.DISCORD_AUTHORIZE_URL);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      response_type: 'code',
      client_id: discord.env.DISCORD_CLIENT_ID,
      scope: 'identify',
      state: expect.stringMatching(/^[\w-]{43}$/),
      redirect_uri: `${SHOP}/api/auth/discord/callback`,
    });

    const approved = await fetch(start.headers.location, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    const done = await callback(agent, back);
    expect(done.headers.location).toBe(SUCCESS);

    const linked = await agent.get('/api/auth/discord/user').expect(200);
    expect(linked.body).toEqual({
      user: { id: lucia.id, avatar: lucia.avatar, username: 'lucia.duelos', global_name: 'Lucía' },
      available: true,
    });
    const { rows } = await db.query('SELECT * FROM discord_links');
    expect(rows).toEqual([
      { user_id: expect.any(String), discord_id: lucia.id, username: 'lucia.duelos', global_name: 'Lucía', avatar: lucia.avatar, linked_at: expect.any(Date) },
    ]);
    const [token] = discord.issuedTokens.slice(-1);
    for (const seen of [done.headers.location, JSON.stringify(done.headers), JSON.stringify(linked.body)]) expect(seen).not.toContain(token);

    await agent.post('/api/auth/discord/disconnect').expect(403);
    expect(await linkRows()).toHaveLength(1);
    const gone = await agent.post('/api/auth/discord/disconnect').set(CSRF).expect(200);
    expect(gone.body).toEqual({ user: null, available: true });
    await agent.get('/api/auth/discord/user').expect(200, { user: null, available: true });
    expect(await linkRows()).toEqual([]);
  });

  it('stores a link without display name or avatar as null', async () => {
    discord.approvingAs = pedro;
    const agent = await signedIn('customer');
    expect((await callback(agent, await approvedCallback(agent))).headers.location).toBe(SUCCESS);
    const { body } = await agent.get('/api/auth/discord/user').expect(200);
    expect(body.user).toEqual({ id: pedro.id, avatar: null, username: 'pedro_tcg', global_name: null });
  });

  it('refuses a callback whose state is not the one in the session, and the state is single-use', async () => {
    const agent = await signedIn('customer');
    const back = await approvedCallback(agent);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const before = discord.tokenRequests;
    expect((await callback(agent, forged)).headers.location).toBe(ERROR);
    // The forged attempt used up the state, so the genuine callback cannot follow it.
    expect((await callback(agent, back)).headers.location).toBe(ERROR);
    expect(discord.tokenRequests).toBe(before);
    expect(await linkRows()).toEqual([]);
  });

  it('refuses a callback in a session that never started the flow', async () => {
    const starter = await signedIn('customer');
    const back = await approvedCallback(starter);
    const other = await signedIn('customer');
    expect((await callback(other, back)).headers.location).toBe(ERROR);
    expect(await linkRows()).toEqual([]);
  });

  it('lands on the error page when the shopper declines on Discord', async () => {
    const agent = await signedIn('customer');
    const back = await approvedCallback(agent);
    const declined = `/api/auth/discord/callback?error=access_denied&state=${back.searchParams.get('state')}`;
    await agent.get(declined).expect(303).expect('location', ERROR);
    expect(await linkRows()).toEqual([]);
  });

  it('lands on the error page when the token endpoint fails, storing nothing', async () => {
    discord.tokenFailure = 500;
    const agent = await signedIn('customer');
    expect((await callback(agent, await approvedCallback(agent))).headers.location).toBe(ERROR);
    expect(await linkRows()).toEqual([]);
  });

  // The token request carries the client secret and the code: a 307 would re-send them wherever it points.
  it('lands on the error page when the token endpoint redirects, following it nowhere', async () => {
    discord.tokenRedirect = '/elsewhere/token';
    const agent = await signedIn('customer');
    expect((await callback(agent, await approvedCallback(agent))).headers.location).toBe(ERROR);
    expect(discord.paths).not.toContain('/elsewhere/token');
    expect(await linkRows()).toEqual([]);
  });

  it('lands on the error page when the code was already redeemed', async () => {
    const agent = await signedIn('customer');
    const first = await approvedCallback(agent);
    expect((await callback(agent, first)).headers.location).toBe(SUCCESS);
    await agent.post('/api/auth/discord/disconnect').set(CSRF).expect(200);
    const second = await approvedCallback(agent);
    second.searchParams.set('code', first.searchParams.get('code')!);
    expect((await callback(agent, second)).headers.location).toBe(ERROR);
    expect(await linkRows()).toEqual([]);
  });

  it('answers 401 to visitors, sends a visitor who follows the link to sign in and back, and an anonymous callback to the error page', async () => {
    const res = await request(t.server).get('/api/auth/discord/user').expect(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/^Debes iniciar sesión/) });
    await request(t.server).get('/api/auth/discord/start').expect(303).expect('location', '/login?returnTo=%2Faccount%2Fsync');
    await request(t.server).post('/api/auth/discord/disconnect').set(CSRF).expect(401);
    await request(t.server).get('/api/auth/discord/callback?code=x&state=y').expect(303).expect('location', ERROR);
  });

  it('keeps each link to its own account', async () => {
    const customer = await signedIn('customer');
    await callback(customer, await approvedCallback(customer));
    const admin = await signedIn('admin');
    await admin.get('/api/auth/discord/user').expect(200, { user: null, available: true });
    await admin.post('/api/auth/discord/disconnect').set(CSRF).expect(200);
    expect((await customer.get('/api/auth/discord/user')).body.user).toMatchObject({ id: lucia.id });
  });

  it('moves a Discord account to the shop account that links it last', async () => {
    const customer = await signedIn('customer');
    await callback(customer, await approvedCallback(customer));
    const admin = await signedIn('admin');
    expect((await callback(admin, await approvedCallback(admin))).headers.location).toBe(SUCCESS);
    expect((await admin.get('/api/auth/discord/user')).body.user).toMatchObject({ id: lucia.id });
    expect((await customer.get('/api/auth/discord/user')).body.user).toBeNull();
    expect(await linkRows()).toHaveLength(1);
  });
});

describe('Discord link without a configured client', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_SEED: 'false' });
  });
  afterAll(() => t?.close());

  it('sends a shopper who follows the link to the sync page, which says the link is unavailable', async () => {
    const agent = request.agent(t.server);
    await agent.post('/api/auth/dev/login').set(CSRF).send({ as: 'customer' }).expect(200);
    await agent.get('/api/auth/discord/start').expect(303).expect('location', ERROR);
    await agent.get('/api/auth/discord/user').expect(200, { user: null, available: false });
    await agent.get('/api/auth/discord/callback?code=x&state=y').expect(303).expect('location', ERROR);
  });
});
