import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Database, DataDirLockedError, migrate, openDatabase, PersonalDataKeys } from '@tcg/projections';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { PortRegistry } from '../health/port-registry';
import { LOGGER, Logger } from '../logging/logger';
import { problemWith, StartupProblem } from '../startup-problems';

export const DATABASE = Symbol('DATABASE');

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
        // Migrations may rewrite a large table or wait for another process's migration: no statement bound.
        const applied = await migrate(db.unbounded());
        if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
        ports.register({ port: 'readModels', adapter: db.kind, check: async () => void (await db.query('SELECT 1')) });
        return db;
      },
    },
    // Customers' keys for their sealed names, e-mails and phones (docs/decisions/0007-personal-data.md).
    { provide: PersonalDataKeys, inject: [DATABASE], useFactory: (db: Database) => new PersonalDataKeys(db) },
  ],
  exports: [DATABASE, PersonalDataKeys],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
