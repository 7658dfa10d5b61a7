import type { HomeResponse } from '@tcg/domain';
import { createPostgresTestDatabase } from '@tcg/projections/testing';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const apiRoot = join(__dirname, '..');
const repoRoot = join(apiRoot, '..', '..');

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

interface Shop {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The shop as `npm start` runs it, from sources, with no environment but what the test gives. */
function startShop(env: Record<string, string>): Shop {
  return watch(
    spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH ?? '', SWC_NODE_PROJECT: 'tsconfig.spec.json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

function watch(child: ChildProcess): Shop {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitReady(port: number, shop: Shop, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) throw new Error(`shop exited early:\n${shop.output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`shop not ready within ${timeoutMs} ms:\n${shop.output()}`);
}

describe('the embedded shop as a process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tcg-embedded-'));
  const dist = join(dataDir, 'frontend-dist');

  beforeAll(() => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Tienda</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("shop")');
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops at once with one line naming PORT when PORT is not a port', async () => {
    const shop = startShop({ PORT: 'abc' });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim().split('\n')).toEqual([
      'Invalid configuration: PORT expects a whole number from 1 to 65535 (got "abc")',
    ]);
  }, 30_000);

  it.each([
    ['a port another process holds', 'PORT', 'the port is in use by another process (set PORT)'],
    ['a host name that does not resolve', 'HOST', 'no such host name (set HOST)'],
  ])('stops with one line when it cannot listen: %s', async (_case, variable, problem) => {
    const holder = createServer();
    const port = await new Promise<number>((resolve) => holder.listen(0, '127.0.0.1', () => resolve((holder.address() as { port: number }).port)));
    try {
      const host = variable === 'HOST' ? 'bogus.invalid' : '127.0.0.1';
      // Errors are logged: Nest's own report of the failure used to come first, as a JSON line with a stack.
      const env = { PORT: String(port), HOST: host, DATA_DIR: join(dataDir, `listen-${variable}`), FRONTEND_DIST: dist, LOG_LEVEL: 'error' };
      const shop = startShop(env);
      expect(await shop.exited).toBe(1);
      expect(shop.output().trim().split('\n')).toEqual([`Cannot listen on ${host}:${port}: ${problem}`]);
    } finally {
      holder.close();
    }
  }, 60_000);

  it.each([
    ['a database server that refuses connections', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/tcg' }, 'Cannot use the database (check DATABASE_URL): connect ECONNREFUSED 127.0.0.1:1'],
    ['a database that does not exist', { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tcg_no_such_database' }, 'Cannot use the database (check DATABASE_URL): database "tcg_no_such_database" does not exist'],
    // ioredis would carry on in database 0 after Redis refused the SELECT, and jobs would land there.
    ['a Redis database the server does not have', { REDIS_URL: 'redis://127.0.0.1:6379/99' }, 'Cannot use Redis (check REDIS_URL): this Redis server has no database 99 (the number at the end of REDIS_URL)'],
  ])('stops with one line naming the variable when it cannot use %s', async (_case, servers, line) => {
    const shop = startShop({ ...servers, PORT: String(await freePort()), DATA_DIR: join(dataDir, 'servers'), FRONTEND_DIST: dist, LOG_LEVEL: 'error' });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim().split('\n')).toEqual([line]);
  }, 60_000);

  it('stops with one line naming DATA_DIR when a file stands where its directory must be', async () => {
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a directory');
    const shop = startShop({ PORT: String(await freePort()), DATA_DIR: file, FRONTEND_DIST: dist, LOG_LEVEL: 'error' });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim().split('\n')).toEqual([`Cannot use ${join(file, 'data')}: a file stands where a directory must be (check DATA_DIR and its permissions)`]);
  }, 60_000);

  // Node's own recursive mkdir never returned there, and the shop hung at start without a word.
  it('stops with one line naming DATA_DIR when no directory can be made where it points', async () => {
    const shop = startShop({ PORT: String(await freePort()), DATA_DIR: '/proc/tcg-embedded-start', FRONTEND_DIST: dist, LOG_LEVEL: 'error' });
    expect(await shop.exited).toBe(1);
    expect(shop.output().trim().split('\n')).toEqual(['Cannot use /proc/tcg-embedded-start: no directory can be made there (check DATA_DIR and its permissions)']);
  }, 60_000);

  it('stops with one line naming DATA_DIR when its files cannot be kept there, on PostgreSQL too', async () => {
    const database = await createPostgresTestDatabase({ migrate: false });
    try {
      const shop = startShop({ DATABASE_URL: database.url, PORT: String(await freePort()), DATA_DIR: '/proc/tcg-embedded-files', FRONTEND_DIST: dist, LOG_LEVEL: 'error' });
      expect(await shop.exited).toBe(1);
      expect(shop.output().trim().split('\n')).toEqual(['Cannot use /proc/tcg-embedded-files: no directory can be made there (check DATA_DIR and its permissions)']);
    } finally {
      await database.drop();
    }
  }, 60_000);

  it('stops with one line when another shop holds its embedded database', async () => {
    const port = await freePort();
    const env = { DATA_DIR: join(dataDir, 'held'), FRONTEND_DIST: dist, LOG_LEVEL: 'silent' };
    const first = startShop({ ...env, PORT: String(port) });
    try {
      await waitReady(port, first);
      const second = startShop({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      const lines = second.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^La tienda está en ejecución \\(pid ${first.child.pid}\\) y tiene abierta la base embebida`));
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  }, 120_000);

  it('runs on PGlite with no servers, serves the storefront, stops on SIGTERM and keeps its data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: join(dataDir, 'var'), FRONTEND_DIST: dist, LOG_LEVEL: 'info' };

    const first = startShop(env);
    await waitReady(port, first);
    const ready = (await (await fetch(`http://127.0.0.1:${port}/api/ready`)).json()) as { ports: unknown[] };
    expect(ready.ports).toEqual(expect.arrayContaining([expect.objectContaining({ port: 'readModels', adapter: 'pglite', state: 'up' })]));
    const home = (await (await fetch(`http://127.0.0.1:${port}/api/home`)).json()) as HomeResponse;
    expect(home.latestSets.length).toBeGreaterThan(0);

    const page = await fetch(`http://127.0.0.1:${port}/categoria/yugioh/LOB`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');
    const asset = await fetch(`http://127.0.0.1:${port}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('demo catalogue seeded');

    const second = startShop(env);
    await waitReady(port, second);
    const again = (await (await fetch(`http://127.0.0.1:${port}/api/home`)).json()) as HomeResponse;
    expect(again.latestSets).toEqual(home.latestSets);
    expect(second.output()).not.toContain('demo catalogue seeded');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('answers every request sent before SIGTERM, says it is draining, then stops', async () => {
    const port = await freePort();
    const shop = startShop({ PORT: String(port), DATA_DIR: join(dataDir, 'drain'), FRONTEND_DIST: dist, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(32) });
    await waitReady(port, shop);
    const base = `http://127.0.0.1:${port}`;
    // Sixty searches on sixty connections, in flight or not yet read when the signal comes.
    const sent = Array.from({ length: 60 }, (_, index) =>
      fetch(`${base}/api/search?q=dragon&page=${(index % 3) + 1}`, { headers: { connection: 'close' } }).then(
        (res) => res.status,
        (error: Error) => `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}`,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 2));
    shop.child.kill('SIGTERM');
    // The signal is handled on the process's next turn: readiness says so within the drain.
    let readiness = '';
    for (let tries = 0; tries < 20 && readiness !== 'draining'; tries++) {
      readiness = await fetch(`${base}/api/ready`).then((res) => res.json() as Promise<{ status: string }>).then((body) => body.status);
      if (readiness !== 'draining') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await Promise.all(sent)).toEqual(Array(60).fill(200));
    expect(readiness).toBe('draining');
    expect(await shop.exited).toBe(0);
  }, 120_000);

  it('stops when `npm start` itself is sent SIGTERM (a service manager stops npm, not the shop)', async () => {
    const port = await freePort();
    const npm = watch(
      spawn('npm', ['start'], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PORT: String(port), DATA_DIR: join(dataDir, 'npm-var'), FRONTEND_DIST: dist, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
        // A group of its own, so that whatever npm leaves behind can be cleared at the end.
        detached: true,
      }),
    );
    try {
      await waitReady(port, npm, 90_000);
      npm.child.kill('SIGTERM');
      await npm.exited;
      // The shop got the signal: within a few seconds nothing answers on its port.
      const deadline = Date.now() + 10_000;
      let answering = true;
      while (answering && Date.now() < deadline) {
        answering = await fetch(`http://127.0.0.1:${port}/api/health`).then(() => true, () => false);
        if (answering) await new Promise((r) => setTimeout(r, 200));
      }
      expect(answering).toBe(false);
    } finally {
      try {
        process.kill(-(npm.child.pid as number), 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    }
  }, 150_000);
});
