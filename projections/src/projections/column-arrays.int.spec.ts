import { createPgliteTestDatabase, createPostgresTestDatabase, TestDatabase } from '../testing';
import { arrayLiteral } from './column-arrays';

const identity = (value: unknown) => value;

describe.each([
  ['PostgreSQL', createPostgresTestDatabase],
  ['PGlite', createPgliteTestDatabase],
])('array literals on %s', (_name, create) => {
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
