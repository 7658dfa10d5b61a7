import { Pool, PoolClient, types } from 'pg';
import { Database, QueryResult, Sql } from './sql';

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

function wrap(client: Pick<PoolClient, 'query'>): Sql {
  return {
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

  constructor(options: PgDatabaseOptions) {
    this.pool = new Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      application_name: options.applicationName ?? 'tcg-shop',
      types: typeParsers,
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.sql = wrap(this.pool);
  }

  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
    return this.sql.query<T>(text, params);
  }

  exec(text: string): Promise<void> {
    return this.sql.exec(text);
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(wrap(client));
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
