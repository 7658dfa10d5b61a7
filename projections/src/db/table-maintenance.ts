import { quoteIdent } from './pg-database';
import type { Database } from './sql';

export interface MaintenanceReport {
  /** Tables vacuumed (and analyzed) by this pass. */
  vacuumed: string[];
  /** Tables only analyzed. */
  analyzed: string[];
}

interface TableActivity {
  name: string;
  live: number;
  dead: number;
  modifiedSinceAnalyze: number;
  insertedSinceVacuum: number;
}

/**
 * PostgreSQL's own autovacuum thresholds (`autovacuum_vacuum_threshold` and `_scale_factor`, the
 * `_insert_` and `analyze_` ones): a table is vacuumed once its dead rows, or the rows inserted since its
 * last vacuum, pass a base plus a share of its live rows, and analyzed once its changed rows do.
 */
const VACUUM_BASE = 50;
const VACUUM_SHARE = 0.2;
const INSERT_VACUUM_BASE = 1000;
const INSERT_VACUUM_SHARE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SHARE = 0.1;

function needsVacuum(table: TableActivity): boolean {
  return (
    table.dead > VACUUM_BASE + VACUUM_SHARE * table.live ||
    table.insertedSinceVacuum > INSERT_VACUUM_BASE + INSERT_VACUUM_SHARE * table.live
  );
}

function needsAnalyze(table: TableActivity): boolean {
  return table.modifiedSinceAnalyze > ANALYZE_BASE + ANALYZE_SHARE * table.live;
}

/**
 * What autovacuum does on a PostgreSQL server, for PGlite, which has none: without it the tables of an
 * embedded shop never get planner statistics (a typo search scans every card) and the dead versions
 * of every updated row (each stock movement rewrites its card's row) are never reclaimed. One pass
 * looks at each table's activity counters and vacuums or analyzes the tables past the thresholds.
 */
export async function maintainTables(db: Database): Promise<MaintenanceReport> {
  // PGlite's one backend publishes its activity counters when it is next idle; the next statement sees them.
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await db.query<TableActivity>(
    `SELECT relname AS name, n_live_tup::int AS live, n_dead_tup::int AS dead,
            n_mod_since_analyze::int AS "modifiedSinceAnalyze", n_ins_since_vacuum::int AS "insertedSinceVacuum"
       FROM pg_stat_user_tables WHERE schemaname = 'public' ORDER BY relname`,
  );
  const report: MaintenanceReport = { vacuumed: [], analyzed: [] };
  for (const table of rows) {
    if (needsVacuum(table)) {
      await db.exec(`VACUUM (ANALYZE) ${quoteIdent(table.name)}`);
      report.vacuumed.push(table.name);
    } else if (needsAnalyze(table)) {
      await db.exec(`ANALYZE ${quoteIdent(table.name)}`);
      report.analyzed.push(table.name);
    }
  }
  return report;
}
