import type { Sql } from '../db/sql';
import { SQL_ENGINES, TestDatabase } from '../testing';
import { arrayLiteral, type Column, copyRowsOf } from './column-arrays';

const identity = (value: unknown) => value;

describe.each(SQL_ENGINES)('array literals on %s', (_name, create) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await create();
  });

  afterAll(async () => {
    await database.drop();
  });

  async function roundTrip(values: unknown[], type: string): Promise<unknown[]> {
    const { rows } = await database.db.query<{ value: unknown[] }>(`SELECT $1::${type}[] AS value`, [arrayLiteral(values, identity)]);
    return rows[0].value;
  }

  it('gives back every text as sent, whatever it holds', async () => {
    const texts = ['card-1', '', 'NULL', 'null', 'a,b', '{x}', 'dice "hola"', 'C:\\ruta\\', ' espacio ', 'ñandú ✓', 'line\nbreak'];
    expect(await roundTrip(texts, 'text')).toEqual(texts);
    expect(await roundTrip([...texts, null], 'text')).toEqual([...texts, null]);
  });

  it('sends numbers, nulls, dates and an empty column', async () => {
    // The driver reads bigint[] back as text; the values are what counts.
    expect((await roundTrip([1, 0, -5, 9_007_199_254_740], 'bigint')).map(Number)).toEqual([1, 0, -5, 9_007_199_254_740]);
    expect(await roundTrip([3, null, 4], 'integer')).toEqual([3, null, 4]);
    const at = new Date('2025-01-15T15:00:00.000Z');
    const stamps = (await roundTrip([at, '2025-01-15T15:00:01.000Z'], 'timestamptz')) as Date[];
    expect(stamps.map((stamp) => new Date(stamp).toISOString())).toEqual(['2025-01-15T15:00:00.000Z', '2025-01-15T15:00:01.000Z']);
    expect(await roundTrip([], 'text')).toEqual([]);
  });
});

interface Loaded {
  id: number;
  label: string | null;
  amount: number | null;
  at: Date | string | null;
}

const LOADED_COLUMNS: readonly Column<Loaded>[] = [
  ['id', 'integer', (row) => row.id],
  ['label', 'text', (row) => row.label],
  ['amount', 'integer', (row) => row.amount],
  ['at', 'timestamptz', (row) => row.at],
];

describe.each(SQL_ENGINES)('rows loaded with COPY on %s', (_name, create) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await create();
    await database.db.exec('CREATE TABLE loaded (id integer PRIMARY KEY, label text, amount integer, at timestamptz)');
  });

  afterAll(async () => {
    await database.drop();
  });

  const load = (sql: Sql, rows: Loaded[]) => {
    const copy = copyRowsOf('loaded', LOADED_COLUMNS, rows);
    return sql.copyRows(copy.table, copy.columns, copy.text);
  };

  it('gives back every text as sent, whatever it holds, and nulls as nulls', async () => {
    const texts = ['', 'NULL', '\\N', '\\.', 'tab\there', 'line\nbreak', 'carriage\rreturn', 'C:\\ruta\\', 'dice "hola"', 'a,b', '{x}', ' espacio ', 'ñandú ✓ 🃏'];
    const rows: Loaded[] = [
      ...texts.map((label, index) => ({ id: index + 1, label, amount: index * 100 - 300, at: new Date(Date.UTC(2025, 0, 15, 15, 0, index)) })),
      { id: 100, label: null, amount: null, at: null },
      { id: 101, label: 'texto', amount: 0, at: '2025-01-15T15:00:00.000Z' },
    ];
    expect(await load(database.db, rows)).toBe(rows.length);
    const { rows: back } = await database.db.query<Loaded>('SELECT id, label, amount, at FROM loaded ORDER BY id');
    expect(back.map((row) => ({ ...row, at: row.at === null ? null : new Date(row.at).toISOString() }))).toEqual(
      rows.map((row) => ({ ...row, at: row.at === null ? null : new Date(row.at).toISOString() })),
    );
  });

  it('loads within a transaction, all or nothing', async () => {
    const before = (await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM loaded')).rows[0].n;
    await expect(
      database.db.transaction(async (tx) => {
        expect(await load(tx, [{ id: 200, label: 'nuevo', amount: 1, at: null }])).toBe(1);
        await load(tx, [{ id: 1, label: 'duplicado', amount: 1, at: null }]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect((await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM loaded')).rows[0].n).toBe(before);
    await database.db.transaction(async (tx) => {
      await load(tx, [{ id: 201, label: 'confirmado', amount: 2, at: null }]);
      expect((await tx.query<{ label: string }>('SELECT label FROM loaded WHERE id = 201')).rows).toEqual([{ label: 'confirmado' }]);
    });
  });
});
