/** The part of a PostgreSQL connection every read or write needs: one parameterised statement at a time. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(text: string): Promise<void>;
}

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export type DatabaseKind = 'postgres' | 'pglite';

/** A session-level advisory lock, held by a connection of its own until released or lost. */
export interface SessionLock {
  /** Resolves if the connection holding the lock dies: whoever held it must stop its work. */
  readonly lost: Promise<void>;
  release(): Promise<void>;
}

/**
 * A database: real PostgreSQL through a pool, or PGlite in process. Both speak the same SQL, so every
 * adapter above this line is written once.
 */
export interface Database extends Sql {
  readonly kind: DatabaseKind;
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Tries to take the advisory lock named `key` (in lock class `space`); null when someone else holds it. */
  tryLock(space: number, key: string): Promise<SessionLock | null>;
  close(): Promise<void>;
}
