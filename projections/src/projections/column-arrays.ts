import { quoteIdent } from '../db/pg-database';

/**
 * A column sent as an array for `unnest`: its name, its type, and how to read it from a row. A getter
 * per column, rather than a look-up by name, keeps each read monomorphic over hundreds of thousands
 * of rows.
 */
export type Column<T> = readonly [name: string & keyof T, type: string, get: (row: T) => unknown];

/**
 * A PostgreSQL array literal: every element quoted, so no text can break out of it. Built here, in
 * one pass per column, instead of by the driver's general-purpose array serializer, and joined into
 * one flat string: the driver measures and copies each parameter, which costs a string built by
 * appending (a rope of a million pieces) far more.
 */
export function arrayLiteral<T>(rows: readonly T[], get: (row: T) => unknown): string {
  const elements = new Array<string>(rows.length);
  for (let index = 0; index < rows.length; index++) {
    const value = get(rows[index]);
    if (value === null || value === undefined) elements[index] = 'NULL';
    else if (typeof value === 'number') elements[index] = String(value);
    else {
      const text = value instanceof Date ? value.toISOString() : String(value);
      elements[index] = `"${/[\\"]/.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
    }
  }
  return `{${elements.join(',')}}`;
}

/**
 * The rows as one array per column, for `unnest`: cheaper to send and to unpack than JSON objects, and
 * serialized now, so the rows may change afterwards. Not for array columns, which `unnest` flattens.
 */
export function columnArrays<T>(columns: readonly Column<T>[], rows: readonly T[]): { sql: string; params: string[] } {
  return {
    sql: `unnest(${columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}) AS x(${columns.map(([name]) => quoteIdent(name)).join(', ')})`,
    params: columns.map(([, , get]) => arrayLiteral(rows, get)),
  };
}

/** One multi-row `INSERT … SELECT … FROM unnest(…)` of `rows`, with an optional `ON CONFLICT` clause. */
export function insertRows<T>(table: string, columns: readonly Column<T>[], rows: readonly T[], conflict = ''): { sql: string; params: string[] } {
  const { sql, params } = columnArrays(columns, rows);
  const names = columns.map(([name]) => quoteIdent(name)).join(', ');
  return { sql: `INSERT INTO ${quoteIdent(table)} (${names}) SELECT ${names} FROM ${sql} ${conflict}`.trimEnd(), params };
}
