import { Client, Pool, PoolClient, types } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyStatement, Database, QueryResult, quoteIdent, SessionLock, Sql } from './sql';

export { quoteIdent } from './sql';

const INT8 = 20;
const parsers: Record<number, (value: string) => unknown> = {
  // Positions, revisions and counts stay far below 2^53; numbers are easier to use than strings.
  [INT8]: (value) => Number(value),
};

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    parsers[oid] ?? types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

export interface PgDatabaseOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

/** The rows travel as a COPY data stream on the connection, not as a statement's parameters. */
async function copyInto(client: PoolClient, table: string, columns: readonly string[], text: string): Promise<number> {
  const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
  await new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
    stream.end(text);
  });
  return stream.rowCount;
}

function wrap(client: Pick<PoolClient, 'query'>, copy: Sql['copyRows']): Sql {
  return {
    copyRows: copy,
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(text: string): Promise<void> {
      await client.query(text);
    },
  };
}

/** Real PostgreSQL through a `pg` pool. */
export class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly sql: Sql;

  constructor(private readonly options: PgDatabaseOptions) {
    this.pool = new Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      application_name: options.applicationName ?? 'tcg-shop',
      types: typeParsers,
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.sql = wrap(this.pool, async (table, columns, text) => {
      const client = await this.pool.connect();
      try {
        return await copyInto(client, table, columns, text);
      } finally {
        client.release();
      }
    });
  }

  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return this.sql.query<T>(text, params);
  }

  exec(text: string): Promise<void> {
    return this.sql.exec(text);
  }

  copyRows(table: string, columns: readonly string[], text: string): Promise<number> {
    return this.sql.copyRows(table, columns, text);
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(wrap(client, (table, columns, text) => copyInto(client, table, columns, text)));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    const client = await this.pool.connect();
    const handler = (message: { channel: string; payload?: string }) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    };
    client.on('notification', handler);
    await client.query(`LISTEN ${quoteIdent(channel)}`);
    return async () => {
      client.off('notification', handler);
      await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      client.release();
    };
  }

  /**
   * The lock lives on a client outside the pool: a pooled connection would be handed to other work
   * between statements, and the lock must stay with one session for as long as it is held.
   */
  async tryLock(space: number, key: string): Promise<SessionLock | null> {
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: `${this.options.applicationName ?? 'tcg-shop'}-lock`,
    });
    let markLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    client.on('error', () => markLost());
    client.on('end', () => markLost());
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [space, key]);
    if (!rows[0].locked) {
      await client.end();
      return null;
    }
    let released = false;
    return {
      lost: lost.then(() => {
        if (released) return new Promise<void>(() => undefined);
      }),
      async release() {
        released = true;
        await client.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
