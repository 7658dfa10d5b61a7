import { Client } from 'pg';
import { createPostgresTestDatabase, type TestDatabase } from '../testing/test-database';

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
