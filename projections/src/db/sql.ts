/** The part of a PostgreSQL connection every read or write needs: one parameterised statement at a time. */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs several statements without parameters (migrations, DDL). */
  exec(text: string): Promise<void>;
  /**
   * Loads rows into `table` with `COPY … FROM`, given in COPY's text format (`copyText`): PostgreSQL
   * inserts them in bulk, for about half the CPU of an `INSERT` of the same rows. Resolves to the
   * number of rows loaded.
   */
  copyRows(table: string, columns: readonly string[], text: string): Promise<number>;
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
  /**
   * The same database without the statement bound (`queryTimeoutMs`), for work that may take minutes:
   * migrations, index builds. Closed with this one.
   */
  unbounded(): Database;
  close(): Promise<void>;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** `COPY table (columns) FROM source`, in the text format `copyText` writes. */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  return `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM ${source}`;
}

const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY's text format: `\N` for null; a backslash, newline, carriage return or tab escaped. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (special) => COPY_ESCAPES[special]) : text;
}

/**
 * Rows in COPY's text format: one line a row, the columns (read by `getters`, in order) separated by
 * tabs. Not for array columns, whose elements would need the array literal's quoting as well.
 */
export function copyText<T>(getters: readonly ((row: T) => unknown)[], rows: readonly T[]): string {
  const lines = new Array<string>(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index];
    let line = copyValue(getters[0](row));
    for (let column = 1; column < getters.length; column++) line += `\t${copyValue(getters[column](row))}`;
    lines[index] = line;
  }
  return rows.length === 0 ? '' : `${lines.join('\n')}\n`;
}
