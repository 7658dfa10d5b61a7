import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Database, Sql } from './sql';

/** SQL migrations live beside the package (not in src) so the same files serve ts and compiled code. */
export const MIGRATIONS_DIR = join(__dirname, '..', '..', 'migrations');

export interface Migration {
  id: string;
  sql: string;
}

export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ id: file.replace(/\.sql$/, ''), sql: readFileSync(join(dir, file), 'utf8') }));
}

// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK = 7_342_001;

/**
 * Applies the pending migrations in one transaction under an advisory lock, so two processes starting
 * together neither race nor half-apply: either every pending file is in, or none is.
 * Returns the ids it applied.
 */
export async function migrate(db: Database, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const pending = await unapplied(tx, migrations);
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
    return pending.map((migration) => migration.id);
  });
}

/**
 * The migrations this code has that the database has not applied: a database an older shop migrated,
 * before this version first starts on it (`tcg projections status` says so).
 */
export async function pendingMigrations(sql: Sql, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  return (await unapplied(sql, migrations)).map((migration) => migration.id);
}

/** Those of `migrations` that `schema_migrations` does not list (all of them while it does not exist). */
async function unapplied(sql: Sql, migrations: Migration[]): Promise<Migration[]> {
  const { rows } = await sql.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!rows[0].present) return migrations;
  const applied = new Set((await sql.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((row) => row.id));
  return migrations.filter((migration) => !applied.has(migration.id));
}
