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
  /**
   * How long a statement, and the wait for a pooled connection, may take before it fails: a connection
   * that stays open but never answers (a frozen proxy or route) otherwise holds its caller for as long as
   * TCP takes to notice, many minutes. Unset: no bound (the CLI's replays and index builds).
   */
  queryTimeoutMs?: number;
  /** How long making a connection may take (default `queryTimeoutMs`): an unbounded sibling still gives up on a dead route. */
  connectTimeoutMs?: number;
}

/** pg's own error when `query_timeout` passes. */
const QUERY_TIMED_OUT = 'Query read timeout';

const timedOut = (error: unknown) => error instanceof Error && error.message === QUERY_TIMED_OUT;

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

/**
 * A pooled client for one piece of work. `pg` fails the running query when the connection is lost, and
 * also emits `error` on the client: the pool listens only while the client is idle, so without a listener
 * here a connection lost during a transaction or a COPY (a server restart, a failover, a network cut)
 * ended the whole process. A client that lost its connection is destroyed, not handed out again.
 */
async function withClient<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } catch (error) {
    // A statement that timed out may still run on the server, or its connection may be frozen: not reused.
    if (timedOut(error)) lost = error as Error;
    throw error;
  } finally {
    client.off('error', onError);
    client.release(lost);
  }
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

/**
 * TCP keep-alive probes from 10 s of silence on: a server gone without closing (a failover, a dropped
 * route) ends the LISTEN and lock connections, which otherwise wait idle on it for hours.
 */
const KEEP_ALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/** How long a lost LISTEN connection waits before it is made again: doubling from the first to the second. */
const LISTEN_RETRY_MIN_MS = 250;
const LISTEN_RETRY_MAX_MS = 5_000;

/** Real PostgreSQL through a `pg` pool. */
export class PgDatabase implements Database {
  readonly kind = 'postgres' as const;
  private readonly pool: Pool;
  private readonly sql: Sql;
  private withoutBound?: PgDatabase;
  private readonly connectTimeoutMs?: number;

  constructor(private readonly options: PgDatabaseOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? options.queryTimeoutMs;
    this.pool = new Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      application_name: options.applicationName ?? 'tcg-shop',
      types: typeParsers,
      ...KEEP_ALIVE,
      ...(options.queryTimeoutMs ? { query_timeout: options.queryTimeoutMs } : {}),
      ...(this.connectTimeoutMs ? { connectionTimeoutMillis: this.connectTimeoutMs } : {}),
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.sql = wrap(this.pool, (table, columns, text) => withClient(this.pool, (client) => copyInto(client, table, columns, text)));
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

  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return withClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client, (table, columns, text) => copyInto(client, table, columns, text)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // After a timeout the connection is dropped instead: the server rolls back what it lost.
        if (!timedOut(error)) await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * LISTEN on a connection of its own. When that connection is lost (a restart, a failover, a terminated
   * backend) it is dropped and LISTEN is taken up again on a new one, retrying with a growing pause; a
   * notification may have been missed meanwhile, so `onNotify` is called once it listens again. Readers
   * poll in between. An unhandled error on the connection would otherwise end the whole process.
   */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let current: { client: PoolClient; lost: (error: Error) => void } | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let pause = LISTEN_RETRY_MIN_MS;
    const handler = (message: { channel: string; payload?: string }) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    };
    const connect = async (): Promise<void> => {
      const client = await this.pool.connect();
      let listening = false;
      let gone = false;
      const lost = (error: Error) => {
        if (gone) return;
        gone = true;
        client.off('notification', handler);
        // Lost before LISTEN answered: that LISTEN fails too, and its caller releases and retries once.
        if (!listening) return;
        client.release(error);
        current = undefined;
        if (!stopped) again();
      };
      client.on('error', lost);
      client.on('notification', handler);
      try {
        await client.query(`LISTEN ${quoteIdent(channel)}`);
      } catch (error) {
        client.off('notification', handler);
        client.release(error as Error);
        throw error;
      }
      listening = true;
      current = { client, lost };
    };
    const again = () => {
      retry = setTimeout(() => {
        connect().then(
          () => {
            pause = LISTEN_RETRY_MIN_MS;
            if (stopped) void unlisten();
            else onNotify('');
          },
          () => {
            pause = Math.min(pause * 2, LISTEN_RETRY_MAX_MS);
            if (!stopped) again();
          },
        );
      }, pause);
      retry.unref();
    };
    const unlisten = async () => {
      if (!current) return;
      const { client, lost } = current;
      current = undefined;
      client.off('notification', handler);
      client.off('error', lost);
      // Until it is back in the pool (whose own listener then takes over), an error here is only ignored.
      const ignore = () => undefined;
      client.on('error', ignore);
      await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
      client.off('error', ignore);
      client.release();
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await unlisten();
    };
  }

  /**
   * The lock lives on a client outside the pool: a pooled connection would be handed to other work
   * between statements, and the lock must stay with one session for as long as it is held.
   */
  async tryLock(space: number, key: string): Promise<SessionLock | null> {
    // Bounded like the pool: a runner waiting on a connection that never answers would stand still unseen.
    const client = new Client({
      connectionString: this.options.connectionString,
      application_name: `${this.options.applicationName ?? 'tcg-shop'}-lock`,
      ...KEEP_ALIVE,
      ...(this.connectTimeoutMs ? { connectionTimeoutMillis: this.connectTimeoutMs } : {}),
      ...(this.options.queryTimeoutMs ? { query_timeout: this.options.queryTimeoutMs } : {}),
    });
    let markLost: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (markLost = resolve));
    client.on('error', () => markLost());
    client.on('end', () => markLost());
    let rows: { locked: boolean }[];
    try {
      await client.connect();
      ({ rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [space, key]));
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
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

  unbounded(): Database {
    if (!this.options.queryTimeoutMs) return this;
    this.withoutBound ??= new PgDatabase({
      ...this.options,
      queryTimeoutMs: undefined,
      connectTimeoutMs: this.connectTimeoutMs,
      max: 2,
      applicationName: `${this.options.applicationName ?? 'tcg-shop'}-unbounded`,
    });
    return this.withoutBound;
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.withoutBound?.close()]);
  }
}
