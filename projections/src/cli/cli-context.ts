import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { invocationDir, resolveDataDir } from '../db/data-dir';
import { CLI_HOLDER } from '../db/data-dir-lock';
import { migrate } from '../db/migrate';
import { openDatabase } from '../db/open-database';
import type { Database } from '../db/sql';
import type { EventStore } from '../event-store/event-store.port';
import { openEventStore } from '../event-store/open-event-store';
import type { Projection } from '../projections/projection';
import { createProjections } from '../projections/projection-registry';
import { openSearch, OpenedSearch } from '../search/open-search-index';
import { checkConnectionUrls, ConfigError, connectTimeoutMs } from './connection-urls';

export interface CliContext {
  db: Database;
  store: EventStore;
  search: OpenedSearch;
  projections: Projection[];
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * False for commands that only read (status, audit): they never create the shop's tables in whatever
   * database they are pointed at, and say so when it has none. Default true: replays, rebuilds and the
   * seed bring the schema up to date first, as the shop does at start.
   */
  migrate?: boolean;
}

/** How commands get their context; tests hand in one of their own. */
export type OpenContext = (options?: OpenOptions) => Promise<CliContext>;

/** The database has no shop tables: a wrong DATABASE_URL, or a shop that never started on it. */
export class NotMigratedError extends Error {
  constructor(where: string) {
    super(`${where} has no shop tables (it was never migrated): check the address, or start the shop once, which creates them`);
    this.name = 'NotMigratedError';
  }
}

async function requireShopTables(db: Database, where: string): Promise<void> {
  const { rows } = await db.query<{ found: string | null }>(`SELECT to_regclass('projection_checkpoints')::text AS found`);
  if (!rows[0].found) throw new NotMigratedError(where);
}

/**
 * The same configuration the shop reads: DATABASE_URL (else PGlite under DATA_DIR/data, which only one
 * process may open, so this fails with DataDirLockedError while the shop runs), EVENTSTORE_URL and
 * OPENSEARCH_URL.
 */
export async function openCliContext(env: NodeJS.ProcessEnv = process.env, options: OpenOptions = {}): Promise<CliContext> {
  checkConnectionUrls(env);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : join(resolveDataDir(env.DATA_DIR || undefined, { invokedFrom: invocationDir(env) }), 'data');
  // Opening PGlite on a directory that is not there would create a whole database to find it empty.
  if (dataDir && options.migrate === false && !existsSync(dataDir)) throw new NotMigratedError(`the embedded database (${dataDir}, under DATA_DIR, does not exist)`);
  const db = await openDatabase({ databaseUrl, dataDir, applicationName: CLI_HOLDER, connectTimeoutMs: connectTimeoutMs(env) });
  try {
    if (options.migrate === false) await requireShopTables(db, databaseUrl ? 'DATABASE_URL' : 'the embedded database');
    else await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  let store: EventStore;
  try {
    store = openEventStore({ db, eventStoreUrl: env.EVENTSTORE_URL || undefined });
  } catch (error) {
    // The EventStoreDB client refuses a connection string's settings (`?tls=maybe`) in words that name no
    // variable; and the pool left open would keep the process waiting.
    await db.close();
    throw new ConfigError(`Invalid configuration: EVENTSTORE_URL ${error instanceof Error ? error.message : String(error)}`);
  }
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
