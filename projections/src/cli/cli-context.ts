import { resolve } from 'node:path';
import { CLI_HOLDER } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { openEventStore } from '../event-store/open-event-store';
import type { Projection } from '../projections/projection';
import { createProjections } from '../projections/projection-registry';
import { openSearch, OpenedSearch } from '../search/open-search-index';

export interface CliContext {
  db: Database;
  store: EventStore;
  search: OpenedSearch;
  projections: Projection[];
  close(): Promise<void>;
}

/**
 * The same configuration the shop reads: DATABASE_URL (else PGlite under DATA_DIR/data, which only one
 * process may open, so this fails with DataDirLockedError while the shop runs), EVENTSTORE_URL and
 * OPENSEARCH_URL.
 */
export async function openCliContext(env: NodeJS.ProcessEnv = process.env): Promise<CliContext> {
  const databaseUrl = env.DATABASE_URL || undefined;
  const db = await openDatabase({
    databaseUrl,
    dataDir: databaseUrl ? undefined : resolve(env.DATA_DIR || 'var', 'data'),
    applicationName: CLI_HOLDER,
  });
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const store = openEventStore({ db, eventStoreUrl: env.EVENTSTORE_URL || undefined });
  const search = openSearch({ db, openSearchUrl: env.OPENSEARCH_URL || undefined });
  return {
    db,
    store,
    search,
    projections: createProjections({ openSearchWriter: search.writer }),
    async close() {
      await store.close();
      await search.close();
      await db.close();
    },
  };
}
