import { quoteIdent } from '../db/pg-database';
import { inParallel } from '../db/in-parallel';
import type { Database } from '../db/sql';
import type { TableNames } from './projection';

/**
 * After a bulk load (a replay, or a rebuild's shadow tables), before the shop relies on the tables:
 * refresh the planner's statistics, remove the dead versions of the rows the load updated batch after
 * batch, and merge any GIN pending list. Without it a freshly replayed catalogue has no statistics, and
 * the planner scans every row for a typo search (280 ms instead of 7 ms at 10,000 cards). Loads run it
 * before they build their deferred indexes, which then need no cleaning.
 */
export async function settleTables(db: Database, tables: TableNames): Promise<void> {
  await inParallel(Object.values(tables), 2, (table) => db.exec(`VACUUM (ANALYZE) ${quoteIdent(table)}`));
}
