/*
 * The write floor of a replay: the rows a replay wrote, loaded again into the emptied tables with COPY,
 * each table once, then settled and indexed by the replay's own code (`deferIndexes`, `settleTables`,
 * `restoreIndexes`). No event is read and nothing is folded, so no replay that writes these read models
 * through PostgreSQL can take less time on the same machine: it is the second baseline ADR 0006 asks for,
 * beside the raw read.
 */
import { Client } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { inParallel } from '../src/db/in-parallel';
import type { PgDatabase } from '../src/db/pg-database';
import { quoteIdent } from '../src/db/sql';
import { deferIndexes, restoreIndexes } from '../src/projections/deferred-indexes';
import { liveTables, type Projection } from '../src/projections/projection';
import { settleTables } from '../src/projections/settle-tables';

interface TableDump {
  table: string;
  columns: string[];
  text: string;
  rows: number;
  checksum: string;
}

/** The columns a row is written with: generated columns are computed by PostgreSQL on load. */
async function writtenColumns(db: PgDatabase, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
    [quoteIdent(table)],
  );
  return rows.map((row) => row.name);
}

/** An order-independent digest of a table's written columns: the reload must give back the same rows. */
async function checksum(db: PgDatabase, table: string, columns: readonly string[]): Promise<{ rows: number; checksum: string }> {
  const row = `(${columns.map(quoteIdent).join(', ')})`;
  const { rows } = await db.query<{ rows: number; checksum: string }>(
    `SELECT count(*)::bigint AS rows, coalesce(sum(('x' || left(md5(${row}::text), 15))::bit(60)::bigint), 0)::text AS checksum FROM ${quoteIdent(table)}`,
  );
  return rows[0];
}

async function dump(url: string, db: PgDatabase, table: string): Promise<TableDump> {
  const columns = await writtenColumns(db, table);
  // In the order a replay appends them: the tables keyed by position load at their right-most page.
  const order = columns.includes('position') ? ' ORDER BY position' : '';
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const chunks: Buffer[] = [];
    const stream = client.query(copyTo(`COPY (SELECT ${columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)}${order}) TO STDOUT`));
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { table, columns, text: Buffer.concat(chunks).toString('utf8'), ...(await checksum(db, table, columns)) };
  } finally {
    await client.end();
  }
}

export interface WriteFloor {
  seconds: number;
  rows: number;
}

/**
 * Reloads the projections' tables from what they hold now (a finished replay) and times the load: empty
 * the tables and defer their indexes, COPY every table (two at a time, as a replay writes its two
 * projections), settle, build the indexes. Throws if the tables do not hold the same rows afterwards.
 */
export async function writeFloor(url: string, db: PgDatabase, projections: readonly Projection[]): Promise<WriteFloor> {
  const tables = projections.flatMap((projection) => projection.tables);
  const dumps: TableDump[] = [];
  for (const table of tables) dumps.push(await dump(url, db, table));
  dumps.sort((a, b) => b.text.length - a.text.length);
  // The replay's dirty pages are flushed now, as the seeding's are before the replay: neither load pays for the other's.
  await db.exec('CHECKPOINT');

  const started = performance.now();
  await db.transaction(async (tx) => {
    await tx.exec(`TRUNCATE ${tables.map(quoteIdent).join(', ')}`);
    await deferIndexes(tx, tables);
  });
  await inParallel(dumps, 2, async (one) => {
    await db.copyRows(one.table, one.columns, one.text);
  });
  await settleTables(db, Object.fromEntries(projections.flatMap((projection) => Object.entries(liveTables(projection)))));
  await restoreIndexes(db, tables);
  const seconds = (performance.now() - started) / 1000;

  for (const one of dumps) {
    const after = await checksum(db, one.table, one.columns);
    if (after.rows !== one.rows || after.checksum !== one.checksum) {
      throw new Error(`the write floor changed ${one.table}: ${one.rows} rows (${one.checksum}) before, ${after.rows} (${after.checksum}) after`);
    }
  }
  return { seconds, rows: dumps.reduce((sum, one) => sum + one.rows, 0) };
}
