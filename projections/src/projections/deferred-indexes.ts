import { quoteIdent } from '../db/pg-database';
import { inParallel } from '../db/in-parallel';
import type { Database, Sql } from '../db/sql';

interface IndexRow {
  index_name: string;
  table_name: string;
  definition: string;
}

/** The secondary indexes of `tables`: those no constraint stands on (upserts rely on primary keys and unique constraints). */
async function secondaryIndexes(tx: Sql, tables: readonly string[]): Promise<IndexRow[]> {
  const { rows } = await tx.query<IndexRow>(
    `SELECT i.relname AS index_name, t.relname AS table_name, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
      ORDER BY i.relname`,
    [tables],
  );
  return rows;
}

async function record(tx: Sql, rows: readonly IndexRow[]): Promise<void> {
  await tx.query(
    `INSERT INTO projection_deferred_indexes (index_name, table_name, definition)
     SELECT index_name, table_name, definition FROM jsonb_to_recordset($1::jsonb) AS x(index_name text, table_name text, definition text)
     ON CONFLICT (index_name) DO UPDATE SET table_name = EXCLUDED.table_name, definition = EXCLUDED.definition`,
    [JSON.stringify(rows)],
  );
}

async function drop(tx: Sql, rows: readonly IndexRow[]): Promise<void> {
  if (rows.length > 0) await tx.exec(`DROP INDEX ${rows.map((row) => quoteIdent(row.index_name)).join(', ')}`);
}

/**
 * Drops the secondary indexes of `tables` and records their definitions in the same transaction. For
 * a bulk load into empty tables: `restoreIndexes` builds each once afterwards.
 */
export async function deferIndexes(tx: Sql, tables: readonly string[]): Promise<void> {
  const rows = await secondaryIndexes(tx, tables);
  await record(tx, rows);
  await drop(tx, rows);
}

/**
 * For fresh shadow copies (`LIKE live INCLUDING ALL`): drops the indexes the copy got and records the
 * live table's own definitions in their place, named with the shadow's prefix, so that the swap's
 * renaming gives back exactly the live names (those the migrations created).
 */
export async function deferShadowIndexes(tx: Sql, shadows: Readonly<Record<string, string>>): Promise<void> {
  const live = await secondaryIndexes(tx, Object.keys(shadows));
  await drop(tx, await secondaryIndexes(tx, Object.values(shadows)));
  await record(
    tx,
    live.map((index) => {
      const shadow = shadows[index.table_name];
      const name = shadow + (index.index_name.startsWith(index.table_name) ? index.index_name.slice(index.table_name.length) : `_${index.index_name}`);
      const match = /^CREATE (UNIQUE )?INDEX \S+ ON \S+ USING (.*)$/s.exec(index.definition);
      if (!match) throw new Error(`unexpected index definition: ${index.definition}`);
      return { index_name: name, table_name: shadow, definition: `CREATE ${match[1] ?? ''}INDEX ${quoteIdent(name)} ON ${quoteIdent(shadow)} USING ${match[2]}` };
    }),
  );
}

/**
 * Index builds that run at once: PostgreSQL builds each on one core (plus its parallel workers for
 * big tables); two keep a two-core server busy without starving the shop's queries.
 */
const PARALLEL_BUILDS = 2;

/**
 * Builds the deferred indexes of `tables` again, each in its own transaction with the removal of its
 * record, a few at a time; a no-op when none wait. Returns how many were built.
 */
export async function restoreIndexes(db: Database, tables: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ index_name: string }>(
    'SELECT index_name FROM projection_deferred_indexes WHERE table_name = ANY($1::text[]) ORDER BY index_name',
    [tables],
  );
  let built = 0;
  await inParallel(rows, PARALLEL_BUILDS, (row) =>
    db.transaction(async (tx) => {
      const { rows: claimed } = await tx.query<{ definition: string }>(
        'DELETE FROM projection_deferred_indexes WHERE index_name = $1 RETURNING definition',
        [row.index_name],
      );
      // Another runner may have built it meanwhile; a record left behind by an interrupted load may name
      // an index that exists again, which is then only forgotten.
      for (const { definition } of claimed) {
        await tx.exec(ifNotExists(definition));
        built++;
      }
    }),
  );
  return built;
}

/** `CREATE [UNIQUE] INDEX name …` as `CREATE [UNIQUE] INDEX IF NOT EXISTS name …`. */
function ifNotExists(definition: string): string {
  return definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ');
}

/** Forgets the deferred indexes of tables that are about to be dropped (an abandoned rebuild's shadows). */
export async function forgetDeferredIndexes(tx: Sql, tables: readonly string[]): Promise<void> {
  await tx.query('DELETE FROM projection_deferred_indexes WHERE table_name = ANY($1::text[])', [tables]);
}

/** How many of the secondary indexes of `tables` a bulk load dropped and has not built again. */
export async function deferredIndexCount(sql: Sql, tables: readonly string[]): Promise<number> {
  if (tables.length === 0) return 0;
  const { rows } = await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM projection_deferred_indexes WHERE table_name = ANY($1::text[])', [tables]);
  return rows[0].n;
}
