import { PGlite, types } from '@electric-sql/pglite';
import { copyStatement, Database, QueryResult, SessionLock, Sql } from './sql';

type Queryable = Pick<PGlite, 'query' | 'exec'>;

function wrap(target: Queryable): Sql {
  return {
    async query<T>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      const result = await target.query<T>(text, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(text: string): Promise<void> {
      await target.exec(text);
    },
    async copyRows(table: string, columns: readonly string[], text: string): Promise<number> {
      const result = await target.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([text]) });
      return result.affectedRows ?? 0;
    },
  };
}

/**
 * PostgreSQL compiled to WebAssembly, in this process. One connection: PGlite queues statements and
 * runs a transaction exclusively, which serialises writers the way a single-connection pool would.
 */
export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly sql: Sql;
  private readonly heldLocks = new Set<string>();

  private constructor(
    private readonly db: PGlite,
    private readonly onClose: () => void,
  ) {
    this.sql = wrap(db);
  }

  /**
   * `dataDir` undefined keeps everything in memory (tests); a path persists it on disk. `onClose` runs
   * after the database closes (openDatabase releases the data directory's lock file there).
   */
  static async open(dataDir?: string, onClose: () => void = () => undefined): Promise<PgliteDatabase> {
    // The contrib entry points publish ESM types only, so they are loaded with a real dynamic import.
    const [{ pg_trgm }, { unaccent }] = await Promise.all([
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('@electric-sql/pglite/contrib/unaccent'),
    ]);
    const db = await PGlite.create(dataDir, {
      extensions: { pg_trgm, unaccent },
      parsers: { [types.INT8]: (value: string) => Number(value) },
    });
    return new PgliteDatabase(db, onClose);
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
    return this.db.transaction((tx) => work(wrap(tx)));
  }

  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(channel, onNotify);
  }

  /**
   * PGlite is one session inside this process, and no other process can open its files, so the lock
   * only has to exclude other holders in this process.
   */
  async tryLock(space: number, key: string): Promise<SessionLock | null> {
    const name = `${space}:${key}`;
    if (this.heldLocks.has(name)) return null;
    this.heldLocks.add(name);
    return {
      lost: new Promise<void>(() => undefined),
      release: async () => void this.heldLocks.delete(name),
    };
  }

  /** The underlying PGlite instance, for the socket server that lets the operators' CLI in. */
  get pglite(): PGlite {
    return this.db;
  }

  /** One connection in this process, with no statement bound to lift. */
  unbounded(): Database {
    return this;
  }

  async close(): Promise<void> {
    if (this.db.closed) return;
    await this.db.close();
    this.onClose();
  }
}
