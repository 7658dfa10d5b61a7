import { Database } from './sql';
import { loadMigrations, migrate } from './migrate';
import { createPgliteTestDatabase, createPostgresTestDatabase, postgresAvailable, TestDatabase } from '../testing';

const engines: Array<[string, () => Promise<TestDatabase>]> = [
  ['PostgreSQL', () => createPostgresTestDatabase({ migrate: false })],
  ['PGlite', () => createPgliteTestDatabase({ migrate: false })],
];

describe.each(engines)('migrations on %s', (engine, create) => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    if (engine === 'PostgreSQL' && !(await postgresAvailable())) {
      throw new Error('PostgreSQL must answer on 127.0.0.1:5432 (or DATABASE_URL) for the migration tests');
    }
    test = await create();
    db = test.db;
  });
  afterAll(() => test.drop());

  it('applies every migration once, in order, and records it', async () => {
    const ids = loadMigrations().map((m) => m.id);
    expect(await migrate(db)).toEqual(ids);
    expect(await migrate(db)).toEqual([]);
    const { rows } = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual(ids);
  });

  it('leaves the schema usable: accent-insensitive, typo-tolerant text functions exist', async () => {
    const { rows } = await db.query<{ plain: string; close: boolean }>(
      "SELECT unaccent('Dragón Blanco de Ojos Azules') AS plain, similarity('dragon', 'dargon') > 0.2 AS close",
    );
    expect(rows[0]).toEqual({ plain: 'Dragon Blanco de Ojos Azules', close: true });
  });

  it('re-derives the search words of the cards already projected when their folding changes (0018)', async () => {
    const fresh = await create();
    try {
      const all = loadMigrations();
      const at = all.findIndex((m) => m.id.startsWith('0018_'));
      await migrate(fresh.db, all.slice(0, at));
      await fresh.db.query("INSERT INTO card_search (id, name, default_name) VALUES ('tg', 'T.G. Hyper Librarian', 'T.G. Hyper Librarian')");
      await fresh.db.query('INSERT INTO card_search_words (word) SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM card_search');
      await migrate(fresh.db, all.slice(at));
      const { rows } = await fresh.db.query<{ found: boolean; words: string[] }>(
        "SELECT (SELECT count(*) = 1 FROM card_search WHERE search_vector @@ to_tsquery('simple', 'tg:* & hyper:*')) AS found, (SELECT array_agg(word ORDER BY word) FROM card_search_words) AS words",
      );
      expect(rows[0]).toEqual({ found: true, words: ['hyper', 'librarian', 'tg'] });
    } finally {
      await fresh.drop();
    }
  });

  it('cuts Most Wanted back to one entry per card, the 16 newest, and refuses a card twice (0019)', async () => {
    const fresh = await create();
    try {
      const all = loadMigrations();
      const at = all.findIndex((m) => m.id.startsWith('0019_'));
      await migrate(fresh.db, all.slice(0, at));
      // Two saves merged: cards 0–9 at 1000+, cards 5–19 again at 2000+.
      const entries = [...Array.from({ length: 10 }, (_, i) => [`card-${i}`, 1000 + i]), ...Array.from({ length: 15 }, (_, i) => [`card-${i + 5}`, 2000 + i])];
      for (const [cardId, createdAtMs] of entries) {
        await fresh.db.query("INSERT INTO home_most_wanted (card_id, default_name, link, created_at_ms) VALUES ($1, $1, '/x', $2)", [cardId, createdAtMs]);
      }
      await migrate(fresh.db, all.slice(at));
      const { rows } = await fresh.db.query<{ card_id: string; created_at_ms: string }>('SELECT card_id, created_at_ms::text FROM home_most_wanted ORDER BY created_at_ms DESC');
      expect(rows).toHaveLength(16);
      expect(new Set(rows.map((row) => row.card_id)).size).toBe(16);
      expect(rows.slice(0, 15).every((row) => Number(row.created_at_ms) >= 2000)).toBe(true);
      expect(rows[15]).toEqual({ card_id: 'card-4', created_at_ms: '1004' });
      await expect(fresh.db.query("INSERT INTO home_most_wanted (card_id, default_name, link) VALUES ('card-4', 'x', '/x')")).rejects.toThrow(/home_most_wanted_card/);
    } finally {
      await fresh.drop();
    }
  });

  it('rolls back a failing migration whole, recording nothing', async () => {
    const broken = [
      { id: '9998_ok_part', sql: 'CREATE TABLE half_written (id int)' },
      { id: '9999_broken', sql: 'CREATE TABLE oops (' },
    ];
    await expect(migrate(db, broken)).rejects.toThrow();
    const table = await db.query("SELECT to_regclass('half_written') AS t");
    expect(table.rows[0]).toEqual({ t: null });
    const recorded = await db.query("SELECT id FROM schema_migrations WHERE id LIKE '999%'");
    expect(recorded.rows).toEqual([]);
  });

  it('lets concurrent migrators apply each file exactly once', async () => {
    const extra = [{ id: '9000_counter', sql: 'CREATE TABLE counter_once (id int)' }];
    const results = await Promise.all([migrate(db, extra), migrate(db, extra), migrate(db, extra)]);
    expect(results.flat()).toEqual(['9000_counter']);
  });
});
