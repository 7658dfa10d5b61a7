import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { Client } from 'pg';
import { createPostgresTestDatabase, type TestDatabase } from '../testing/test-database';
import { PgDatabase } from './pg-database';

/** Ends a session from outside, as a server restart or a failover does. */
async function terminate(url: string, pid: number): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await client.end();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PgDatabase when its connection is lost (real PostgreSQL)', () => {
  let t: TestDatabase & { url: string };
  beforeAll(async () => {
    t = await createPostgresTestDatabase({ migrate: false, poolSize: 2 });
    await t.db.exec('CREATE TABLE lost_rows (id int PRIMARY KEY)');
  });
  afterAll(() => t.drop());

  // Before: the lost client emitted an 'error' nobody listened to, and the process (here, the test worker) ended.
  it('fails a transaction whose connection ends between its statements, writes nothing, and keeps working', async () => {
    const failed = t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO lost_rows VALUES (1)');
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await terminate(t.url, rows[0].pid);
      await pause(300);
      await tx.query('INSERT INTO lost_rows VALUES (2)');
    });
    await expect(failed).rejects.toThrow();
    await expect(t.db.query('SELECT id FROM lost_rows')).resolves.toMatchObject({ rows: [] });
    await t.db.transaction((tx) => tx.query('INSERT INTO lost_rows VALUES (3)'));
    await expect(t.db.query('SELECT id FROM lost_rows')).resolves.toMatchObject({ rows: [{ id: 3 }] });
  });

  it('fails a transaction whose connection ends in the middle of a statement', async () => {
    const failed = t.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const sleeping = tx.query('SELECT pg_sleep(5)');
      await pause(200);
      await terminate(t.url, rows[0].pid);
      await sleeping;
    });
    await expect(failed).rejects.toThrow();
    await expect(t.db.query<{ one: number }>('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });
});

/**
 * A TCP proxy to PostgreSQL whose open connections can be frozen: they stay open and carry nothing more,
 * as behind a proxy or route that hangs. Connections made after a freeze work.
 */
async function freezableProxy(target: URL): Promise<{ url: string; freeze(): void; close(): Promise<void> }> {
  const pairs: Array<[Socket, Socket]> = [];
  const frozen: Socket[] = [];
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    pairs.push([client, upstream]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    freeze() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        frozen.push(client, upstream);
      }
    },
    async close() {
      for (const socket of frozen.splice(0)) socket.destroy();
      for (const [client, upstream] of pairs.splice(0)) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
describe('PgDatabase with a query timeout, when its connection stops answering (real PostgreSQL)', () => {
  let t: TestDatabase & { url: string };
  let proxy: Awaited<ReturnType<typeof freezableProxy>>;
  let db: PgDatabase;
  beforeAll(async () => {
    t = await createPostgresTestDatabase({ migrate: false, poolSize: 2 });
    await t.db.exec('CREATE TABLE frozen_rows (id int PRIMARY KEY)');
    proxy = await freezableProxy(new URL(t.url));
    // One connection: a frozen one handed out again would fail every statement after it.
    db = new PgDatabase({ connectionString: proxy.url, max: 1, queryTimeoutMs: 400 });
  });
  afterAll(async () => {
    await db.close();
    await proxy.close();
    await t.drop();
  });

  // Before: without a bound the statement waited for as long as TCP took to give up (minutes).
  it('fails a statement on a frozen connection within the bound, then works on a new connection', async () => {
    await db.query('SELECT 1');
    proxy.freeze();
    const started = Date.now();
    await expect(db.query('SELECT 1')).rejects.toThrow('Query read timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(db.query<{ two: number }>('SELECT 2 AS two')).resolves.toMatchObject({ rows: [{ two: 2 }] });
  });

  it('fails a transaction on a frozen connection within one bound, not two (no ROLLBACK waits on it), writes nothing, and works after', async () => {
    const started = Date.now();
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO frozen_rows VALUES (1)');
      proxy.freeze();
      await tx.query('INSERT INTO frozen_rows VALUES (2)');
    });
    await expect(failed).rejects.toThrow('Query read timeout');
    expect(Date.now() - started).toBeLessThan(750);
    await db.transaction((tx) => tx.query('INSERT INTO frozen_rows VALUES (3)'));
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await pause(50)) {
      const { rows } = await t.db.query<{ id: number }>('SELECT id FROM frozen_rows ORDER BY id');
      if (rows.length === 1) break;
    }
    await expect(t.db.query('SELECT id FROM frozen_rows ORDER BY id')).resolves.toMatchObject({ rows: [{ id: 3 }] });
  });

  it('leaves statements on its unbounded sibling alone, for migrations and index builds', async () => {
    await expect(db.query('SELECT pg_sleep(0.6)')).rejects.toThrow('Query read timeout');
    await expect(db.unbounded().query<{ done: number }>('SELECT 1 AS done FROM pg_sleep(0.6)')).resolves.toMatchObject({ rows: [{ done: 1 }] });
  });

  // Before: the lock's own client, and the unbounded sibling's pool, waited for a connection with no
  // bound: after a freeze the runners stood still a minute or more while readiness said all was well.
  it('gives up making a connection through a route that never answers, on the lock client and the unbounded sibling alike', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = new URL(t.url);
    url.host = `127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const stuck = new PgDatabase({ connectionString: url.toString(), max: 1, queryTimeoutMs: 400 });
    try {
      for (const attempt of [() => stuck.tryLock(4242, 'runner'), () => stuck.unbounded().query('SELECT 1')]) {
        const started = Date.now();
        await expect(attempt()).rejects.toThrow();
        expect(Date.now() - started).toBeLessThan(2000);
      }
    } finally {
      await stuck.close();
      silent.close();
    }
  });
});
