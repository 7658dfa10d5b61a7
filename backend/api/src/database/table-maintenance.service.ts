import { Inject, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { type Database, maintainTables, type MaintenanceReport } from '@tcg/projections';
import type { JobQueue } from '../infra/jobs';
import { JOB_QUEUE } from '../jobs/jobs.module';
import { LOGGER, type Logger } from '../logging/logger';
import { DATABASE } from './database.module';

export const TABLE_MAINTENANCE_JOB = 'table-maintenance';
/** As often as PostgreSQL's autovacuum looks (`autovacuum_naptime`). */
export const TABLE_MAINTENANCE_EVERY_MS = 60_000;

/**
 * The embedded shop's autovacuum: PGlite runs none, so the one process that holds it vacuums and
 * analyzes its tables on a schedule (see `maintainTables`). A PostgreSQL server does this itself.
 */
@Injectable()
export class TableMaintenance implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** True when this process schedules it: only on PGlite. */
  get scheduled(): boolean {
    return this.db.kind === 'pglite';
  }

  async onModuleInit(): Promise<void> {
    if (!this.scheduled) return;
    this.jobs.register(TABLE_MAINTENANCE_JOB, () => this.run().then(() => undefined), { attempts: 1 });
    await this.jobs.repeat(TABLE_MAINTENANCE_JOB, TABLE_MAINTENANCE_EVERY_MS);
  }

  async run(): Promise<MaintenanceReport> {
    const started = performance.now();
    const report = await maintainTables(this.db);
    if (report.vacuumed.length > 0 || report.analyzed.length > 0) {
      this.logger.info({ ...report, ms: Math.round(performance.now() - started) }, 'tables vacuumed and analyzed');
    }
    return report;
  }
}

@Module({ providers: [TableMaintenance], exports: [TableMaintenance] })
export class TableMaintenanceModule {}
