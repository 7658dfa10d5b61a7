import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate } from '../db/migrate';
import { PgDatabase } from '../db/pg-database';
import { PgliteDatabase } from '../db/pglite-database';
import { Database } from '../db/sql';

/**
 * Where tests find real PostgreSQL: DATABASE_URL when set, else the local server on 5432 if it answers.
 * Without either, tests fall back to PGlite in memory.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let serverAnswers: Promise<boolean> | undefined;

export function postgresAvailable(): Promise<boolean> {
  serverAnswers ??= (async () => {
    const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return serverAnswers;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Database;
  /** A connection string other processes can use (real PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated PostgreSQL database of its own (created and dropped here); `locale` (a name such as
 * `C`) instead of the server's default.
 */
export async function createPostgresTestDatabase(options: { migrate?: boolean; poolSize?: number; locale?: string } = {}): Promise<
  TestDatabase & { url: string }
> {
  const name = `tcg_test_${randomBytes(6).toString('hex')}`;
  const locale = options.locale === undefined ? '' : ` TEMPLATE template0 ENCODING 'UTF8' LOCALE '${options.locale.replace(/'/g, "''")}'`;
  await admin((client) => client.query(`CREATE DATABASE ${name}${locale}`));
  const url = withDatabase(ADMIN_URL, name);
  const db = new PgDatabase({ connectionString: url, applicationName: 'tcg-test', max: options.poolSize ?? 10 });
  if (options.migrate !== false) await migrate(db);
  return {
    db,
    url,
    async drop() {
      await db.close();
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A fresh, migrated PGlite database in memory. */
export async function createPgliteTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const db = await PgliteDatabase.open();
  if (options.migrate !== false) await migrate(db);
  return { db, drop: () => db.close() };
}

/** Both engines the shop's SQL runs on, for `describe.each`: an adapter's tests run against each. */
export const SQL_ENGINES: ReadonlyArray<readonly [name: string, create: () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresTestDatabase()],
  ['PGlite', () => createPgliteTestDatabase()],
];

/** Real PostgreSQL when one answers, PGlite otherwise: each test file gets a database of its own. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  return (await postgresAvailable()) ? createPostgresTestDatabase(options) : createPgliteTestDatabase(options);
}
