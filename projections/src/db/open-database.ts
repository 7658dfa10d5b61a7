import { lockDataDir } from './data-dir-lock';
import { makePrivateDirectory } from './make-directory';
import { PgDatabase } from './pg-database';
import { PgliteDatabase } from './pglite-database';
import { Database } from './sql';

export interface DatabaseSettings {
  /** Real PostgreSQL when set. */
  databaseUrl?: string;
  /** Where PGlite keeps its files when there is no DATABASE_URL; undefined keeps it in memory. */
  dataDir?: string;
  applicationName?: string;
  poolSize?: number;
  /** PostgreSQL only: `PgDatabaseOptions.queryTimeoutMs`. */
  queryTimeoutMs?: number;
  /** PostgreSQL only: `PgDatabaseOptions.connectTimeoutMs`. */
  connectTimeoutMs?: number;
}

export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.databaseUrl) {
    return new PgDatabase({
      connectionString: settings.databaseUrl,
      applicationName: settings.applicationName,
      max: settings.poolSize,
      queryTimeoutMs: settings.queryTimeoutMs,
      connectTimeoutMs: settings.connectTimeoutMs,
    });
  }
  if (!settings.dataDir) return PgliteDatabase.open();
  await makePrivateDirectory(settings.dataDir).catch((error: unknown) => {
    throw new Error(`the embedded database's folder ${settings.dataDir} (DATA_DIR) cannot be made: ${(error as Error).message}`, { cause: error });
  });
  const unlock = lockDataDir(settings.dataDir, settings.applicationName);
  try {
    return await PgliteDatabase.open(settings.dataDir, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}
