import { SQL_ENGINES, type TestDatabase } from '../testing';
import { maintainTables } from './table-maintenance';

jest.setTimeout(30_000);

const engines = SQL_ENGINES;

interface Stats {
  analyzed: boolean;
  vacuumed: boolean;
  dead: number;
}

describe.each(engines)('maintainTables on %s', (_engine, create) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await create();
    // A server's own autovacuum must not get there first.
    await test.db.exec('CREATE TABLE maintained (id int PRIMARY KEY, note text) WITH (autovacuum_enabled = false)');
  });
  afterAll(() => test.drop());

  async function stats(): Promise<Stats> {
    await test.db.query('SELECT pg_stat_force_next_flush()');
    const { rows } = await test.db.query<Stats>(
      `SELECT last_analyze IS NOT NULL AS analyzed, last_vacuum IS NOT NULL AS vacuumed, n_dead_tup::int AS dead
         FROM pg_stat_user_tables WHERE relname = 'maintained'`,
    );
    return rows[0];
  }

  it('analyzes a table once enough of it changed, then leaves it alone', async () => {
    await test.db.exec(`INSERT INTO maintained SELECT n, 'a' FROM generate_series(1, 500) AS n`);
    const first = await maintainTables(test.db);
    expect(first.analyzed).toContain('maintained');
    expect(first.vacuumed).not.toContain('maintained');
    expect(await stats()).toMatchObject({ analyzed: true, vacuumed: false });

    const second = await maintainTables(test.db);
    expect([...second.analyzed, ...second.vacuumed]).not.toContain('maintained');
  });

  it('vacuums a table whose updates left dead rows past the threshold, and the planner sees its size', async () => {
    await test.db.exec(`UPDATE maintained SET note = 'b' WHERE id <= 300`);
    expect((await stats()).dead).toBe(300);
    const report = await maintainTables(test.db);
    expect(report.vacuumed).toContain('maintained');
    expect(await stats()).toMatchObject({ vacuumed: true, dead: 0 });
    const { rows } = await test.db.query<{ tuples: number }>(`SELECT reltuples::int AS tuples FROM pg_class WHERE relname = 'maintained'`);
    expect(rows[0].tuples).toBe(500);
  });
});
