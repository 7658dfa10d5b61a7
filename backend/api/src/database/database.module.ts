import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, DataDirLockedError, migrate, openDatabase } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PortRegistry } from '../health/port-registry';
import { LOGGER, Logger } from '../logging/logger';
import { problemWith, StartupProblem } from '../startup-problems';

export const DATABASE = Symbol('DATABASE');

/**
 * Migrations may rewrite a large table or wait for another process's migration, longer than the pool's
 * statement bound: on PostgreSQL they run on a connection of their own without one.
 */
async function migrateUnbounded(config: AppConfig, db: Database): Promise<string[]> {
  if (!config.databaseUrl) return migrate(db);
  const migrator = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1, applicationName: `tcg-${config.role}-migrate` });
  try {
    return await migrate(migrator);
  } finally {
    await migrator.close();
  }
}

/**
 * The read-model database (and, in the embedded default, the event store's too): PostgreSQL with
 * DATABASE_URL, PGlite under var/data otherwise. Migrated before anything else touches it.
 */
@Global()
@Module({
  providers: [
    {
      provide: DATABASE,
      inject: [APP_CONFIG, LOGGER, PortRegistry],
      useFactory: async (config: AppConfig, logger: Logger, ports: PortRegistry): Promise<Database> => {
        const db = await openDatabase({
          databaseUrl: config.databaseUrl,
          poolSize: config.databasePoolSize,
          dataDir: config.pgliteDir,
          applicationName: `tcg-${config.role}`,
          queryTimeoutMs: config.databaseQueryTimeoutMs,
        }).catch((error: unknown) => {
          // Another process holds the embedded database: its message says which and what to do.
          throw error instanceof DataDirLockedError ? new StartupProblem(error.message) : error;
        });
        // A pool connects on first use. Refused, no such database or user, no SSL: the address is the thing to check.
        if (config.databaseUrl) {
          await db.query('SELECT 1').catch(async (error: unknown) => {
            await db.close();
            throw problemWith('DATABASE_URL', 'the database', error);
          });
        }
        const applied = await migrateUnbounded(config, db);
        if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
        ports.register({ port: 'readModels', adapter: db.kind, check: async () => void (await db.query('SELECT 1')) });
        return db;
      },
    },
  ],
  exports: [DATABASE],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
