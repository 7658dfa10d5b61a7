import { copyText, quoteIdent } from '../db/sql';

/**
 * A column sent as an array for `unnest`: its name, its type, and how to read it from a row. A getter
 * per column, rather than a look-up by name, keeps each read monomorphic over hundreds of thousands
 * of rows.
 */
export type Column<T> = readonly [name: string & keyof T, type: string, get: (row: T) => unknown];

const NEEDS_ESCAPE = /[\\"]/;

function quoted(text: string): string {
  return `"${NEEDS_ESCAPE.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
}

/**
 * A PostgreSQL array literal: every text element quoted, so no text can break out of it. Built here,
 * in one pass per column, instead of by the driver's general-purpose array serializer, and joined into
 * one flat string: the driver measures and copies each parameter, which costs a string built by
 * appending (a rope of a million pieces) far more. A column without nulls or characters to escape is
 * joined in one call, with the quotes as the separator.
 */
export function arrayLiteral<T>(rows: readonly T[], get: (row: T) => unknown): string {
  const values = new Array<string | number | null>(rows.length);
  let text = false;
  let plain = true;
  for (let index = 0; index < rows.length; index++) {
    const value = get(rows[index]);
    if (value === null || value === undefined) {
      values[index] = null;
      plain = false;
    } else if (typeof value === 'number') {
      values[index] = value;
    } else {
      const string = value instanceof Date ? value.toISOString() : String(value);
      if (plain && NEEDS_ESCAPE.test(string)) plain = false;
      values[index] = string;
      text = true;
    }
  }
  if (plain) return text ? `{"${values.join('","')}"}` : `{${values.join(',')}}`;
  return `{${values.map((value) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : quoted(value))).join(',')}}`;
}

/**
 * The rows as one array per column, for `unnest` (an `UPDATE … FROM`): cheaper to send and to unpack
 * than JSON objects, and serialized now, so the rows may change afterwards. Not for array columns,
 * which `unnest` flattens.
 */
export function columnArrays<T>(columns: readonly Column<T>[], rows: readonly T[]): { sql: string; params: string[] } {
  return {
    sql: `unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}) AS x(${columns.map(([name]) => quoteIdent(name)).join(', ')})`,
    params: columns.map(([, , get]) => arrayLiteral(rows, get)),
  };
}

/** Rows for `Sql.copyRows` (append-only tables), serialized now, so the rows may change afterwards. */
export interface CopyRows {
  table: string;
  columns: string[];
  text: string;
}

export function copyRowsOf<T>(table: string, columns: readonly Column<T>[], rows: readonly T[]): CopyRows {
  return { table, columns: columns.map(([name]) => name), text: copyText(columns.map(([, , get]) => get), rows) };
}
