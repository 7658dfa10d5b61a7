import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { invocationDir, resolveDataDir } from '../db/data-dir';
import { CLI_HOLDER } from '../db/data-dir-lock';
import { migrate, pendingMigrations } from '../db/migrate';
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
  /**
   * With `migrate: false`: refuse a database this version's migrations are not all applied to (an older
   * shop migrated it), before anything is read or written. The admin and customer commands write and read
   * the newest tables (CLI QA: `customer forget` failed on a missing column's raw SQL error).
   */
  current?: boolean;
  /**
   * The embedded database may be made where there is none (`seed:synthetic`, into a fresh DATA_DIR). Every
   * other command refuses a missing one (CLI QA: a replay without DATA_DIR made an empty database under
   * `var/` and reported success).
   */
  create?: boolean;
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

/** The database lacks migrations this version has: the shop of this version applies them as it starts. */
export class SchemaBehindError extends Error {
  constructor(where: string, pending: readonly string[]) {
    super(
      `${where} lacks ${pending.length === 1 ? 'a migration' : `${pending.length} migrations`} of this version (${pending.join(', ')}): ` +
        "start this version's shop once, which applies them, then run this again",
    );
    this.name = 'SchemaBehindError';
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
  if (dataDir && !options.create && !existsSync(dataDir)) throw new NotMigratedError(`the embedded database (${dataDir}, under DATA_DIR, does not exist)`);
  const db = await openDatabase({ databaseUrl, dataDir, applicationName: CLI_HOLDER, connectTimeoutMs: connectTimeoutMs(env) });
  try {
    const where = databaseUrl ? 'DATABASE_URL' : 'the embedded database';
    if (options.migrate !== false) await migrate(db);
    else await requireShopTables(db, where);
    const pending = options.current ? await pendingMigrations(db) : [];
    if (pending.length > 0) throw new SchemaBehindError(where, pending);
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
